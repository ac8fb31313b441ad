import Foundation

/// A self-contained proof that an entry is in a log (C2SP tlog-proof): the entry's index,
/// its inclusion proof and a signed checkpoint, so anyone holding the log's verifier key
/// can check it offline.
///
/// ```text
/// c2sp.org/tlog-proof@v1
/// extra <base64 application data, not authenticated>
/// index 73894
/// <base64 hash, one per line, leaf to root>
///
/// <signed checkpoint>
/// ```
public struct TLogProof: Sendable, Equatable {
    /// The first line of every proof file.
    public static let header = "c2sp.org/tlog-proof@v1"

    /// Application data carried along, such as the entry bytes. The proof does not
    /// authenticate it: check it by hashing it into the leaf.
    public let extra: [UInt8]?
    /// The position of the entry in the log.
    public let index: Int
    /// The inclusion proof, leaf to root.
    public let hashes: [TreeHash]
    /// The checkpoint the proof leads to.
    public let checkpoint: SignedNote

    /// Creates a proof.
    public init(extra: [UInt8]?, index: Int, hashes: [TreeHash], checkpoint: SignedNote) {
        self.extra = extra
        self.index = index
        self.hashes = hashes
        self.checkpoint = checkpoint
    }

    /// Parses a proof file. Any input gives a proof or a ``NoteError``; none crashes.
    public init(parsing text: String) throws {
        guard let split = text.range(of: "\n\n") else { throw NoteError.malformed("no blank line before the checkpoint") }
        var lines = text[..<split.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(Self.header) else { throw NoteError.malformed("the first line must be \(Self.header)") }
        var extra: [UInt8]?
        if let line = lines.first, line.hasPrefix("extra ") {
            guard let data = Data(base64Encoded: String(line.dropFirst("extra ".count))) else {
                throw NoteError.malformed("the extra line is not base64")
            }
            extra = Array(data)
            lines = lines.dropFirst()
        }
        guard let indexLine = lines.popFirst(), indexLine.hasPrefix("index "),
            let index = Int(indexLine.dropFirst("index ".count)), index >= 0,
            String(index) == indexLine.dropFirst("index ".count)
        else { throw NoteError.malformed("expected 'index N'") }
        let hashes = try lines.map { line in
            guard let hash = TreeHash(base64: line) else { throw NoteError.malformed("'\(line)' is not a base64 hash") }
            return hash
        }
        self.init(extra: extra, index: index, hashes: hashes, checkpoint: try SignedNote(parsing: String(text[split.upperBound...])))
    }

    /// The proof file's text.
    public var formatted: String {
        var text = Self.header + "\n"
        if let extra { text += "extra \(Data(extra).base64EncodedString())\n" }
        text += "index \(index)\n"
        text += hashes.map { $0.base64 + "\n" }.joined()
        return text + "\n" + checkpoint.formatted
    }

    /// Checks the proof: a trusted key signed the checkpoint, its origin is `origin`, and
    /// `leaf` sits at ``index`` in the tree the checkpoint describes.
    ///
    /// - Returns: The verified checkpoint.
    @discardableResult
    public func verify(leaf: TreeHash, origin: String, verifiers: [any NoteVerifier]) throws -> Checkpoint {
        try checkpoint.verified(by: verifiers)
        let body = try Checkpoint(parsing: checkpoint.text)
        guard body.origin == origin else { throw NoteError.malformed("the checkpoint is from '\(body.origin)', not '\(origin)'") }
        try InclusionProof.verify(leaf: leaf, index: index, treeSize: body.size, proof: hashes, root: body.root)
        return body
    }
}
