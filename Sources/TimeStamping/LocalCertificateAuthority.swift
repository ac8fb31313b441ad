import Foundation
import SwiftASN1
import X509

/// A certificate authority whose key we hold, which issues end-entity certificates: a
/// self-signed root made here, or an operator's CA. TSA keys, PDF signing credentials and the
/// signers' certificates of Signing are all issued by it.
public struct LocalCertificateAuthority: Sendable {
    /// The CA's private key.
    public let key: Certificate.PrivateKey
    /// The self-signed CA certificate: CA:TRUE with path length 0, keyCertSign and cRLSign.
    public let certificate: Certificate
    /// The algorithm the CA signs certificates with.
    public let signatureAlgorithm: Certificate.SignatureAlgorithm

    /// Makes the self-signed certificate for `key`.
    ///
    /// - Parameters:
    ///   - commonName: The CA's subject common name.
    ///   - key: The CA's key.
    ///   - signatureAlgorithm: The algorithm for the CA's own certificate and those it issues; it must suit `key`.
    ///   - notBefore: The start of validity.
    ///   - lifetime: How long the CA certificate is valid, in seconds.
    public init(
        commonName: String,
        key: Certificate.PrivateKey,
        signatureAlgorithm: Certificate.SignatureAlgorithm,
        notBefore: Date,
        lifetime: TimeInterval
    ) throws {
        let name = try DistinguishedName { CommonName(commonName) }
        self.key = key
        self.signatureAlgorithm = signatureAlgorithm
        self.certificate = try Certificate(
            version: .v3,
            serialNumber: .random(),
            publicKey: key.publicKey,
            notValidBefore: notBefore,
            notValidAfter: notBefore.addingTimeInterval(lifetime),
            issuer: name,
            subject: name,
            signatureAlgorithm: signatureAlgorithm,
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
            },
            issuerPrivateKey: key
        )
    }

    /// An authority that issues with `certificate`, a CA certificate that `key` belongs to,
    /// signing with `signatureAlgorithm` (which must suit `key`).
    public init(certificate: Certificate, key: Certificate.PrivateKey, signatureAlgorithm: Certificate.SignatureAlgorithm) {
        self.certificate = certificate
        self.key = key
        self.signatureAlgorithm = signatureAlgorithm
    }

    /// Issues an end-entity certificate.
    ///
    /// - Parameters:
    ///   - subject: The subject's name.
    ///   - publicKey: The subject's public key.
    ///   - notBefore: The start of validity.
    ///   - notAfter: The end of validity.
    ///   - extensions: The usage extensions; the subject and authority key identifiers are appended.
    public func issue(
        subject: DistinguishedName,
        publicKey: Certificate.PublicKey,
        notBefore: Date,
        notAfter: Date,
        extensions: Certificate.Extensions
    ) throws -> Certificate {
        var allExtensions = extensions
        try allExtensions.append(SubjectKeyIdentifier(hash: publicKey).makeCertificateExtension())
        let authorityKey = AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: key.publicKey).keyIdentifier)
        try allExtensions.append(authorityKey.makeCertificateExtension())
        return try Certificate(
            version: .v3,
            serialNumber: .random(),
            publicKey: publicKey,
            notValidBefore: notBefore,
            notValidAfter: notAfter,
            issuer: certificate.subject,
            subject: subject,
            signatureAlgorithm: signatureAlgorithm,
            extensions: allExtensions,
            issuerPrivateKey: key
        )
    }
}
