import TimeStamping

/// Time-stamps signatures with an in-process ``TimeStamping/TimeStampAuthority``, such as the
/// server's own TSA.
public struct AuthorityTimeStamper: SignatureTimeStamper {
    /// The authority that issues the tokens.
    public let authority: TimeStampAuthority

    /// Creates a time-stamper over `authority`.
    public init(authority: TimeStampAuthority) {
        self.authority = authority
    }

    /// Asks the authority for a token over the SHA-256 digest `digest`.
    public func timeStampToken(forSHA256Digest digest: [UInt8]) async throws -> [UInt8] {
        let exchange = try TimeStampExchange(sha256Digest: digest)
        return try exchange.token(from: authority.respond(to: exchange.request))
    }
}
