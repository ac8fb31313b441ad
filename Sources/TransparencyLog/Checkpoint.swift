/// The signed statement of a log's state (C2SP tlog-checkpoint): its origin, its size and its
/// root hash.
///
/// ```text
/// example.com/log
/// 20852163
/// CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=
/// ```
public struct Checkpoint: Sendable, Equatable {
    /// The log's identity, a schema-less URL that should match its key name.
    public let origin: String
    /// The number of entries in the tree.
    public let size: Int
    /// The RFC 6962 hash of the tree.
    public let root: TreeHash

    /// Creates a checkpoint body.
    public init(origin: String, size: Int, root: TreeHash) {
        self.origin = origin
        self.size = size
        self.root = root
    }

    /// Parses the text of a checkpoint note (after its signatures were verified).
    /// Extension lines after the root are tolerated and ignored.
    public init(parsing text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard text.hasSuffix("\n"), lines.count >= 4 else { throw NoteError.malformed("a checkpoint has an origin, a size and a root") }
        guard !lines[0].isEmpty else { throw NoteError.malformed("the origin is empty") }
        let sizeText = lines[1]
        guard let size = Int(sizeText), size >= 0, String(size) == sizeText else {
            throw NoteError.malformed("the size must be a decimal number without leading zeros")
        }
        guard let root = TreeHash(base64: lines[2]) else { throw NoteError.malformed("the root is not base64 of 32 bytes") }
        self.init(origin: String(lines[0]), size: size, root: root)
    }

    /// The checkpoint's text, the body a log signs.
    public var text: String {
        "\(origin)\n\(size)\n\(root.base64)\n"
    }
}
