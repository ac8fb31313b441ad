/// How a client names a document: by id, or by absolute path.
public enum DocumentReference: Sendable, Hashable, CustomStringConvertible {
    /// A document id.
    case id(String)
    /// An absolute path (`/` is the root).
    case path(String)

    /// Reads a reference the way Nuxeo does for strings: a path when it starts with `/`,
    /// an id otherwise. A `doc:` prefix is removed first.
    public init(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("doc:") { text = text.dropFirst(4) }
        self = text.hasPrefix("/") ? .path(Self.normalized(String(text))) : .id(String(text))
    }

    /// `path` without a trailing slash and with repeated slashes collapsed (`/` stays `/`).
    public static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }

    public var description: String {
        switch self {
        case .id(let id): return id
        case .path(let path): return path
        }
    }
}
