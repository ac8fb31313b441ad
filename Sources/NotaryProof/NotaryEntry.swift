import Foundation

/// The bytes a notarization adds to the transparency log: a small canonical text that commits
/// to the file digests, to the report's metadata (salted, so the metadata stays private), to
/// the slug and to the time the server received it.
///
/// ```text
/// <origin>/entry/v1
/// hash <hex>               the report's hash, 1 to 32 bytes
/// sha256 <64 hex>          one line per committed file digest
/// meta <base64 of a 32-byte salted commitment>
/// slug <slug>
/// received <unix milliseconds>
/// ```
///
/// The first line names the log, so an entry of one log can never be replayed as an entry of
/// another. The log's leaf is `SHA-256(0x00 || entry)`.
public struct NotaryEntry: Sendable, Equatable {
    /// The log the entry belongs to.
    public let origin: String
    /// The report's hash, 1 to 32 bytes as lowercase hex.
    public let reportHash: String
    /// The SHA-256 digests of the report's files, as lowercase hex.
    public let digests: [String]
    /// The salted commitment to the report's metadata.
    public let metadataCommitment: [UInt8]
    /// The report's public identifier.
    public let slug: String
    /// When the server received the report, in milliseconds since 1970.
    public let receivedMilliseconds: Int64

    /// Why an entry cannot be built or read.
    public enum Error: Swift.Error, Equatable {
        /// A digest is not 64 lowercase hex characters.
        case invalidDigest(String)
        /// The commitment is not 32 bytes.
        case invalidCommitment
        /// The slug or origin contains characters that would break the line format.
        case invalidText(String)
        /// The bytes are not an entry of this format.
        case malformed
    }

    /// Creates an entry after checking every field fits the line format.
    public init(origin: String, reportHash: String, digests: [String], metadataCommitment: [UInt8], slug: String, receivedMilliseconds: Int64) throws
    {
        guard Self.isHex(reportHash, maxBytes: 32) else { throw Error.invalidDigest(reportHash) }
        for digest in digests where !(Self.isHex(digest, maxBytes: 32) && digest.utf8.count == 64) { throw Error.invalidDigest(digest) }
        guard metadataCommitment.count == 32 else { throw Error.invalidCommitment }
        for text in [origin, slug] where text.isEmpty || text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            throw Error.invalidText(text)
        }
        self.origin = origin
        self.reportHash = reportHash
        self.digests = digests
        self.metadataCommitment = metadataCommitment
        self.slug = slug
        self.receivedMilliseconds = receivedMilliseconds
    }

    /// The entry's canonical bytes, as logged.
    public var bytes: [UInt8] {
        var text = "\(origin)/entry/v1\nhash \(reportHash)\n"
        for digest in digests { text += "sha256 \(digest)\n" }
        text += "meta \(Data(metadataCommitment).base64EncodedString())\n"
        text += "slug \(slug)\n"
        text += "received \(receivedMilliseconds)\n"
        return Array(text.utf8)
    }

    /// Reads an entry back from its bytes; only the canonical form is accepted.
    public init(parsing bytes: [UInt8]) throws {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else { throw Error.malformed }
        var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let header = lines.popFirst(), header.hasSuffix("/entry/v1"),
            let hashLine = lines.popFirst(), hashLine.hasPrefix("hash ")
        else { throw Error.malformed }
        var digests: [String] = []
        while let line = lines.first, line.hasPrefix("sha256 ") {
            digests.append(String(line.dropFirst("sha256 ".count)))
            lines = lines.dropFirst()
        }
        guard lines.count == 3,
            let meta = lines.popFirst(), meta.hasPrefix("meta "), let commitment = Data(base64Encoded: String(meta.dropFirst(5))),
            let slug = lines.popFirst(), slug.hasPrefix("slug "),
            let received = lines.popFirst(), received.hasPrefix("received "), let milliseconds = Int64(received.dropFirst(9))
        else { throw Error.malformed }
        try self.init(
            origin: String(header.dropLast("/entry/v1".count)), reportHash: String(hashLine.dropFirst(5)), digests: digests,
            metadataCommitment: Array(commitment),
            slug: String(slug.dropFirst(5)), receivedMilliseconds: milliseconds
        )
        guard self.bytes == bytes else { throw Error.malformed }
    }

    /// Whether `text` is lowercase hex of 1 to `maxBytes` whole bytes.
    public static func isHex(_ text: String, maxBytes: Int) -> Bool {
        let count = text.utf8.count
        return count > 0 && count % 2 == 0 && count <= maxBytes * 2
            && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
