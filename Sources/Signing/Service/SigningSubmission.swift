import Foundation
import HTTPTypes
import JSON

/// What a recipient sends from the signing page when they finish: the values of their fields
/// and their signature and initials as images.
struct SigningSubmission: Sendable {
    /// A signature or initials: the image the page made, however it was made.
    struct Mark: Sendable {
        /// `drawn`, `typed` or `uploaded`.
        var method: String
        /// PNG or JPEG bytes.
        var image: [UInt8]
    }

    /// The values by field id.
    var values: [String: JSONValue]
    /// The signature, when the recipient has signature fields.
    var signature: Mark?
    /// The initials, when the recipient has initials fields.
    var initials: Mark?

    /// The largest image accepted, in bytes.
    static let maximumImageSize = 2 << 20

    /// Reads the page's JSON body.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 naming what is malformed.
    init(body: [String: JSONValue]) throws {
        let reader = RequestReader()
        var values: [String: JSONValue] = [:]
        switch body["values"] {
        case .object(let members)?: values = members
        case nil, .null?: break
        default: reader.fail("values", "must be an object of field ids to values")
        }
        self.values = values
        signature = Self.mark(body, "signature", reader: reader)
        initials = Self.mark(body, "initials", reader: reader)
        try reader.throwIfFailed()
    }

    private static func mark(_ body: [String: JSONValue], _ key: String, reader: RequestReader) -> Mark? {
        guard case .object(let members)? = body[key] else {
            if let value = body[key], value != .null { reader.fail(key, "must be an object with method and image") }
            return nil
        }
        let method = reader.string(members, "method", at: "\(key).method") ?? "drawn"
        guard let image = reader.string(members, "image", at: "\(key).image", required: true, maxLength: maximumImageSize * 2) else { return nil }
        let encoded = image.split(separator: ",", maxSplits: 1).last.map(String.init) ?? image
        guard let bytes = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            reader.fail("\(key).image", "must be a PNG or JPEG data URL")
            return nil
        }
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        guard isPNG || isJPEG else {
            reader.fail("\(key).image", "must be a PNG or JPEG image")
            return nil
        }
        guard bytes.count <= maximumImageSize else {
            reader.fail("\(key).image", "is larger than \(maximumImageSize >> 20) MiB")
            return nil
        }
        return Mark(method: method, image: Array(bytes))
    }
}
