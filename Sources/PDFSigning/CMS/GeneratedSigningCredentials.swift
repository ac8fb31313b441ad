import Foundation
import SwiftASN1
import TimeStamping
import X509

/// A freshly made CA and document-signing identity, as PEM: for tests, and for a server's first
/// start when no signing certificate was configured.
///
/// The CA is self-signed (CA:TRUE, keyCertSign, cRLSign) and valid 20 years; the signing
/// certificate is CA:FALSE with the critical key usage digitalSignature and nonRepudiation and
/// no extended key usage, valid 10 years. Both are backdated one hour for clock skew and use
/// the same key type.
public struct GeneratedSigningCredentials: Sendable {
    /// The CA certificate: the trust anchor for validators (`-CAfile`, pyHanko `--trust`).
    public let caCertificatePEM: String
    /// The signing certificate followed by the CA certificate.
    public let certificateChainPEM: String
    /// The signing key; keep it private.
    public let privateKeyPEM: String

    /// Makes a CA named "`commonName` CA" and a signing certificate named `commonName`.
    public static func generate(commonName: String, keyType: SigningKeyType = .rsa2048, now: Date = Date()) throws -> GeneratedSigningCredentials {
        let notBefore = now.addingTimeInterval(-3600)
        let year: TimeInterval = 365.25 * 24 * 3600
        let authority = try LocalCertificateAuthority(
            commonName: "\(commonName) CA",
            key: keyType.makeKey(),
            signatureAlgorithm: keyType.certificateSignatureAlgorithm,
            notBefore: notBefore,
            lifetime: 20 * year
        )
        let signingKey = try keyType.makeKey()
        let certificate = try authority.issue(
            subject: DistinguishedName { CommonName(commonName) },
            publicKey: signingKey.publicKey,
            notBefore: notBefore,
            notAfter: notBefore.addingTimeInterval(10 * year),
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, nonRepudiation: true))
            }
        )
        let caPEM = try authority.certificate.serializeAsPEM().pemString
        return GeneratedSigningCredentials(
            caCertificatePEM: caPEM,
            certificateChainPEM: try certificate.serializeAsPEM().pemString + "\n" + caPEM,
            privateKeyPEM: try signingKey.serializeAsPEM().pemString
        )
    }

    /// The credentials these PEM strings describe.
    public func credentials() throws -> PDFSignatureCredentials {
        try PDFSignatureCredentials(certificateChainPEM: certificateChainPEM, privateKeyPEM: privateKeyPEM)
    }
}
