import JSON

/// A file held by a blob property: what the repository stores in the document, the bytes
/// themselves being in the blob store under ``digest``.
public struct BlobInfo: Sendable, Hashable {
    /// The file name.
    public var name: String
    /// The MIME type.
    public var mimeType: String
    /// The character encoding of text content, if known.
    public var encoding: String?
    /// The SHA-256 of the content, lower-case hex: the blob store's name for it.
    public var digest: String
    /// The size in bytes.
    public var length: Int64

    /// Creates a blob value.
    public init(name: String, mimeType: String, encoding: String? = nil, digest: String, length: Int64) {
        self.name = name
        self.mimeType = mimeType
        self.encoding = encoding
        self.digest = digest
        self.length = length
    }

    /// The digest algorithm Nuxeo clients are told, matching ``digest``.
    public static let digestAlgorithm = "SHA-256"

    /// The form stored in a document's properties.
    public var stored: JSONValue {
        .object([
            "name": .string(name), "mime-type": .string(mimeType), "encoding": encoding.map(JSONValue.string) ?? .null,
            "digestAlgorithm": .string(Self.digestAlgorithm), "digest": .string(digest), "length": .integer(Int(length)),
        ])
    }

    /// Reads a stored (or client-echoed) blob value; `length` may be a number or a string.
    public init?(_ value: JSONValue) {
        guard case .object(let fields) = value,
            case .string(let digest)? = fields["digest"], digest.count == 64, digest.allSatisfy(\.isHexDigit)
        else { return nil }
        let length: Int64
        switch fields["length"] {
        case .integer(let value)?: length = Int64(value)
        case .string(let text)?:
            guard let value = Int64(text) else { return nil }
            length = value
        default: return nil
        }
        self.init(
            name: fields["name"]?.stringValue ?? "file", mimeType: fields["mime-type"]?.stringValue ?? "application/octet-stream",
            encoding: fields["encoding"]?.stringValue, digest: digest.lowercased(), length: length
        )
    }
}

extension BlobInfo {
    /// Every blob a stored property value holds, at any depth: a blob field, a list of
    /// files, a complex value with blob fields.
    static func all(in value: JSONValue) -> [BlobInfo] {
        switch value {
        case .object(let fields):
            if let blob = BlobInfo(value) { return [blob] }
            return fields.values.flatMap(all(in:))
        case .array(let items):
            return items.flatMap(all(in:))
        default:
            return []
        }
    }
}
