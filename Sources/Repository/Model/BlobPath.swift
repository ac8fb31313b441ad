/// Where a blob sits in a document, parsed from an xpath such as `file:content`,
/// `files:files` or `files:files/2/file`.
enum BlobPath {
    /// A blob field: `file:content`.
    case field(String)
    /// A list of complex items each holding a blob in `itemField`: `files:files`.
    case list(String, itemField: String)
    /// One item of such a list: `files:files/2/file`.
    case item(String, index: Int, itemField: String)

    /// Parses `xpath`; a key naming the `files` list means its items' `file` field. `nil` for
    /// anything else: more segments than a blob path has, an empty segment, or a second
    /// segment that is not an index, so that a path with something after the blob is never
    /// taken for the blob.
    init?(_ xpath: String) {
        let parts = xpath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty), parts.count <= 3 else { return nil }
        if parts.count == 1 {
            self = parts[0] == "files:files" ? .list("files:files", itemField: "file") : .field(parts[0])
        } else if let index = Int(parts[1]), index >= 0 {
            self = .item(parts[0], index: index, itemField: parts.count > 2 ? parts[2] : "file")
        } else {
            return nil
        }
    }

    /// The property key the blob lives under.
    var key: String {
        switch self {
        case .field(let key), .list(let key, _), .item(let key, _, _): return key
        }
    }
}
