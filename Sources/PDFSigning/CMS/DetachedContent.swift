import TimeStamping

/// What a detached signature is checked against: the signed bytes, or a way to hash them.
///
/// A PDF verifier usually has the bytes of the two `/ByteRange` ranges; giving only a SHA-256
/// digest is enough for the common case, SHA-256 signed attributes. A signature without signed
/// attributes covers the content itself, and can only be checked with the bytes.
public struct DetachedContent: Sendable {
    /// The signed bytes, when the caller gave them.
    public let bytes: [UInt8]?
    /// Hashes the content with an algorithm, or returns `nil` when it cannot.
    private let digester: @Sendable (DigestAlgorithm) throws -> [UInt8]?

    /// Content given as its bytes; any digest can be computed.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        self.digester = { $0.hash(bytes) }
    }

    /// Content given as its SHA-256 digest; signatures that use another hash cannot be checked.
    public init(sha256Digest: [UInt8]) {
        self.bytes = nil
        self.digester = { $0 == .sha256 ? sha256Digest : nil }
    }

    /// Content given as a function that hashes it on demand, for example over a file's byte ranges.
    public init(digest: @escaping @Sendable (DigestAlgorithm) throws -> [UInt8]) {
        self.bytes = nil
        self.digester = digest
    }

    /// The content's digest with `algorithm`, or `nil` when it is not available.
    func digest(_ algorithm: DigestAlgorithm) throws -> [UInt8]? {
        try digester(algorithm)
    }
}
