import Foundation

/// What was found about a signature's `signatureTimeStampToken`.
public struct SignatureTimeStampResult: Hashable, Sendable {
    /// The token's `genTime`, if the token could be read.
    public var time: Date?
    /// Whether the token's message imprint is the digest of the signature value.
    public var imprintMatches: Bool
    /// The full RFC 3161 check of the token, including its chain to the time-stamp roots.
    public var verification: CMSCheck

    /// Creates a result.
    public init(time: Date?, imprintMatches: Bool, verification: CMSCheck) {
        self.time = time
        self.imprintMatches = imprintMatches
        self.verification = verification
    }
}
