/// Obtains RFC 3161 time-stamp tokens for signature values, which turns a PAdES B-B signature
/// into B-T.
public protocol SignatureTimeStamper: Sendable {
    /// Returns the DER of a time-stamp token (a CMS `ContentInfo`) whose message imprint is the
    /// SHA-256 digest `digest`.
    func timeStampToken(forSHA256Digest digest: [UInt8]) async throws -> [UInt8]
}
