import SwiftASN1
import X509

/// The chain policy for TSA certificates (RFC 3161 §2.3): the leaf's extended key usage is
/// exactly `timeStamping` and critical, and its key usage, if present, allows nothing beyond
/// digitalSignature and nonRepudiation (as OpenSSL's `check_purpose_timestamp_sign` requires).
struct TimeStampingCertificatePolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.extendedKeyUsage, .X509ExtensionID.keyUsage,
    ]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        if let problem = Self.problem(with: chain.leaf) {
            return .failsToMeetPolicy(reason: "\(problem)")
        }
        return .meetsPolicy
    }

    /// What keeps `certificate` from being a TSA certificate, or `nil` if nothing does.
    static func problem(with certificate: Certificate) -> String? {
        guard let ekuExtension = certificate.extensions[oid: .X509ExtensionID.extendedKeyUsage] else {
            return "it has no extended key usage"
        }
        guard ekuExtension.critical else { return "its extended key usage is not critical" }
        guard let usages = try? ExtendedKeyUsage(ekuExtension), Array(usages) == [.timeStamping] else {
            return "its extended key usage is not exactly timeStamping"
        }
        if certificate.extensions[oid: .X509ExtensionID.keyUsage] != nil {
            guard let keyUsage = try? certificate.extensions.keyUsage else { return "its key usage is malformed" }
            var allowed = KeyUsage()
            allowed.digitalSignature = keyUsage.digitalSignature
            allowed.nonRepudiation = keyUsage.nonRepudiation
            guard keyUsage.digitalSignature || keyUsage.nonRepudiation, keyUsage == allowed else {
                return "its key usage allows more than digitalSignature and nonRepudiation"
            }
        }
        return nil
    }
}
