/// Where a blob sits in a document, parsed from an xpath such as `file:content`,
/// `files:files` or `files:files/2/file`.
enum BlobPath {
    /// A blob field: `file:content`.
    case field(String)
    /// A list of complex items each holding a blob in `itemField`: `files:files`.
    case list(String, itemField: String)
    /// One item of such a list: `files:files/2/file`.
    case item(String, index: Int, itemField: String)

    /// Parses `xpath`; a key naming the `files` list means its items' `file` field.
    init(_ xpath: String) {
        let parts = xpath.split(separator: "/").map(String.init)
        if parts.count >= 2, let index = Int(parts[1]) {
            self = .item(parts[0], index: index, itemField: parts.count > 2 ? parts[2] : "file")
        } else if parts.first == "files:files" {
            self = .list("files:files", itemField: "file")
        } else {
            self = .field(parts.first ?? xpath)
        }
    }

    /// The property key the blob lives under.
    var key: String {
        switch self {
        case .field(let key), .list(let key, _), .item(let key, _, _): return key
        }
    }
}
