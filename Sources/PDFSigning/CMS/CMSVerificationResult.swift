import Foundation
import TimeStamping
import X509

/// The findings on one detached CMS signature, check by check.
public struct CMSVerificationResult: Sendable {
    /// Whether the signed content is the content given: the `messageDigest` attribute (and the
    /// `contentType` attribute) match, or, without signed attributes, the signature over the
    /// content verifies.
    public var digest: CMSCheck
    /// Whether the signature verifies with the signer certificate's key, and the
    /// `signingCertificateV2` and `CMSAlgorithmProtection` attributes, if present, agree.
    public var signature: CMSCheck
    /// Whether the signer certificate chains to a trusted root at the signing time and may sign.
    public var chain: CMSCheck
    /// The signer's certificate, if the CMS carries it.
    public var signer: Certificate?
    /// All certificates the CMS carries.
    public var certificates: [Certificate]
    /// The signer's digest algorithm, if supported.
    public var digestAlgorithm: DigestAlgorithm?
    /// The `signingTime` attribute, if present.
    public var signingTime: Date?
    /// The time the chain was checked at: the verified time-stamp's time, else the signing time
    /// attribute, else the claimed time, else the verification time.
    public var validationTime: Date
    /// The signature time-stamp, if the signer carries one.
    public var timeStamp: SignatureTimeStampResult?

    /// Creates a result.
    public init(
        digest: CMSCheck,
        signature: CMSCheck,
        chain: CMSCheck,
        signer: Certificate?,
        certificates: [Certificate],
        digestAlgorithm: DigestAlgorithm?,
        signingTime: Date?,
        validationTime: Date,
        timeStamp: SignatureTimeStampResult?
    ) {
        self.digest = digest
        self.signature = signature
        self.chain = chain
        self.signer = signer
        self.certificates = certificates
        self.digestAlgorithm = digestAlgorithm
        self.signingTime = signingTime
        self.validationTime = validationTime
        self.timeStamp = timeStamp
    }

    /// Whether every check passed, including the time-stamp's if there is one.
    public var isValid: Bool {
        digest.isPassed && signature.isPassed && chain.isPassed && (timeStamp?.verification.isPassed ?? true)
    }
}
