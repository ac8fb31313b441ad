import Foundation
@_exported import JSON

/// A JSON value, as Nuxeo entities carry them: document properties, context parameters,
/// automation context values. It is the ``JSON/JSONValue`` of the `JSON` module, which
/// `NuxeoSDK` exports.
///
/// Build values with literals (`"text"`, `42`, `true`, `nil`, `["a", "b"]`,
/// `["dc:title": "Report"]`) and read them with accessors such as `stringValue`, ``intValue``,
/// the subscripts and ``value(atPath:)``.
public typealias NUXJSONValue = JSONValue

extension NUXJSONValue {
    /// Decodes the JSON document `data`.
    ///
    /// - Throws: `DecodingError` if `data` is not JSON.
    public init(jsonData data: Data) throws {
        self = try JSONDecoder().decode(NUXJSONValue.self, from: data)
    }

    /// The value as a JSON document, its object keys sorted.
    public func jsonData() throws -> Data {
        try JSONEncoder.nuxeo.encode(self)
    }
}

extension JSONEncoder {
    /// The encoder the SDK writes JSON with: keys sorted, so that the same entity always gives
    /// the same bytes, and slashes (frequent in paths) unescaped.
    static var nuxeo: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
