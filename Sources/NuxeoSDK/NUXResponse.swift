import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the server answered to a ``NUXRequest``.
public struct NUXResponse: Sendable {
    /// The HTTP status, such as 200, 201 or 404.
    public let statusCode: Int
    /// The response headers, by name as the server wrote it; look one up with
    /// ``value(forHTTPHeaderField:)``, which ignores case.
    public let headers: [String: String]
    /// The body; empty when the body went to the request's
    /// ``NUXRequest/downloadDestinationPath``.
    public let data: Data
    /// Where the body was saved, for a successful request with a
    /// ``NUXRequest/downloadDestinationPath``.
    public let downloadedFile: URL?

    /// Creates a response; the SDK makes them for the requests it runs.
    public init(statusCode: Int, headers: [String: String] = [:], data: Data = Data(), downloadedFile: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.data = data
        self.downloadedFile = downloadedFile
    }

    /// Whether the status is a success, 200–299.
    public var isSuccess: Bool {
        (200..<300).contains(statusCode)
    }

    /// The standard phrase of the status, such as "Not Found" (worded by the platform).
    public var message: String {
        HTTPURLResponse.localizedString(forStatusCode: statusCode)
    }

    /// The body as UTF-8 text, or `nil` if it is not.
    public var string: String? {
        String(data: data, encoding: .utf8)
    }

    /// The value of the header `name`, whatever its case.
    public func value(forHTTPHeaderField name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as JSON.
    ///
    /// - Throws: `DecodingError` if the body is not JSON.
    public func json() throws -> NUXJSONValue {
        try NUXJSONValue(jsonData: data)
    }

    /// The entity the body stands for, of the type `mapper` registered for its `entity-type`.
    ///
    /// - Throws: As ``NUXJSONSerializer/entity(with:mapper:)`` does.
    public func entity(mapper: NUXJSONMapper = .shared) throws -> any NUXEntity {
        try NUXJSONSerializer.entity(with: data, mapper: mapper)
    }

    /// The entity of type `type` the body stands for.
    ///
    /// - Throws: As ``NUXJSONSerializer/entity(_:with:)`` does.
    public func entity<Entity: NUXEntity>(as type: Entity.Type) throws -> Entity {
        try NUXJSONSerializer.entity(type, with: data)
    }
}
