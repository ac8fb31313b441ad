import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

extension CMSSignatureVerifier {
    /// Checks that `certificate` may sign documents (its key usage, if present, allows
    /// digitalSignature or nonRepudiation) and chains to ``trustedRoots`` under RFC 5280 at
    /// `time`, with `intermediates` as candidate issuers. A signer certificate that is itself
    /// one of the roots is trusted directly, if valid at `time`, even when it is not a CA.
    ///
    /// The `fixedExpiryValidationTime` SPI of swift-certificates is what allows checking at a
    /// past signing time.
    func checkChain(of certificate: Certificate, intermediates: [Certificate], at time: Date) async -> CMSCheck {
        if let keyUsage = try? certificate.extensions.keyUsage, !keyUsage.digitalSignature, !keyUsage.nonRepudiation {
            return .failed("the signer's key usage allows neither digitalSignature nor nonRepudiation")
        }
        if trustedRoots.contains(certificate) {
            let valid = certificate.notValidBefore <= time && time <= certificate.notValidAfter
            return valid ? .passed : .failed("the signer's certificate, trusted directly, is not valid at \(time)")
        }
        guard !trustedRoots.isEmpty else {
            return .failed("no trust roots were given")
        }
        var verifier = Verifier(rootCertificates: CertificateStore(trustedRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: time)
        }
        switch await verifier.validate(leaf: certificate, intermediates: CertificateStore(intermediates)) {
        case .validCertificate:
            return .passed
        case .couldNotValidate(let failures):
            let reasons = failures.map { String(describing: $0.policyFailureReason) }
            return .failed(reasons.isEmpty ? "no chain to a trusted root" : reasons.joined(separator: "; "))
        }
    }
}
