import SwiftASN1

/// Why a time-stamp response or token did not verify.
public enum TimeStampVerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not the DER of the expected structure.
    case malformed(String)
    /// The TSA did not grant the request.
    case notGranted(status: PKIStatus, failInfo: PKIFailureInfo?, text: [String])
    /// The response is granted but carries no token.
    case missingToken
    /// The token is well-formed CMS but not an RFC 3161 token: wrong content types, detached
    /// content, not exactly one signer, or an unsupported TSTInfo version.
    case notATimeStampToken(String)
    /// The token uses a hash or signature algorithm this verifier does not support.
    case unsupportedAlgorithm(ASN1ObjectIdentifier)
    /// The token time-stamps other data than the digest given.
    case imprintMismatch
    /// The token does not echo the expected nonce.
    case nonceMismatch
    /// The `contentType` signed attribute is missing or is not `id-ct-TSTInfo`.
    case contentTypeMismatch
    /// The `messageDigest` signed attribute is missing or is not the digest of the TSTInfo.
    case messageDigestMismatch
    /// Neither the token nor the extra certificates hold the certificate the signer names.
    case signerCertificateNotFound
    /// The ESS `signingCertificateV2` attribute is missing or names another certificate.
    case signingCertificateMismatch
    /// The signature over the signed attributes is not valid for the signer's key.
    case invalidSignature
    /// The signer's certificate is not a TSA certificate (critical extended key usage
    /// `timeStamping`, key usage limited to digitalSignature / nonRepudiation).
    case notTimeStampingCertificate(String)
    /// The signer's certificate does not chain to a trusted root at the token's `genTime`.
    case untrustedCertificate(String)

    /// A sentence saying what failed.
    public var description: String {
        switch self {
        case .malformed(let detail): "the time-stamp is malformed: \(detail)"
        case .notGranted(let status, let failInfo, let text):
            "the TSA answered \(status)" + (failInfo.map { " (failInfo bits \(String($0.rawValue, radix: 2)))" } ?? "")
                + (text.isEmpty ? "" : ": " + text.joined(separator: "; "))
        case .missingToken: "the response is granted but holds no token"
        case .notATimeStampToken(let detail): "not an RFC 3161 token: \(detail)"
        case .unsupportedAlgorithm(let oid): "unsupported algorithm \(oid)"
        case .imprintMismatch: "the token's message imprint does not match the data"
        case .nonceMismatch: "the token does not echo the request's nonce"
        case .contentTypeMismatch: "the contentType signed attribute is missing or not id-ct-TSTInfo"
        case .messageDigestMismatch: "the messageDigest signed attribute does not match the TSTInfo"
        case .signerCertificateNotFound: "the signer's certificate is not in the token"
        case .signingCertificateMismatch: "the ESS signingCertificateV2 attribute is missing or names another certificate"
        case .invalidSignature: "the token's signature is invalid"
        case .notTimeStampingCertificate(let detail): "the signer's certificate is not a TSA certificate: \(detail)"
        case .untrustedCertificate(let detail): "the signer's certificate does not chain to a trusted root: \(detail)"
        }
    }
}
