/// How the `repo` commands read the documents named on their command lines: a path, such as
/// `/default-domain/workspaces/report.pdf`, or a uid.
///
/// A uid never holds a `/`; so a name with one is a path, and its leading `/` may be left
/// out (`default-domain/workspaces`). A trailing `/` is dropped.
enum DocumentReference {
    /// `text` as a NuxeoSDK document reference: a path that starts with `/`, or a uid.
    static func normalized(_ text: String) -> String {
        guard text.contains("/") else { return text }
        let segments = text.split(separator: "/", omittingEmptySubsequences: true)
        return "/" + segments.joined(separator: "/")
    }

    /// Whether the normalized `reference` is a path rather than a uid.
    static func isPath(_ reference: String) -> Bool {
        reference.hasPrefix("/")
    }

    /// The path of the parent of the normalized path `path`; `nil` for the root.
    static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last segment of the normalized path `path`: the document's name.
    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The path of the child `name` of the folder at `folder`.
    static func child(_ name: String, of folder: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }
}
