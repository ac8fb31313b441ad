import Foundation
import SwiftASN1
import X509

/// A root certificate authority whose key we hold: a self-signed CA certificate that issues
/// end-entity certificates. TSA keys and PDF signing credentials are both made with it.
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

    /// Issues an end-entity certificate.
    ///
    /// - Parameters:
    ///   - commonName: The subject's common name.
    ///   - publicKey: The subject's public key.
    ///   - notBefore: The start of validity.
    ///   - lifetime: How long the certificate is valid, in seconds.
    ///   - extensions: The usage extensions; the subject and authority key identifiers are appended.
    public func issue(
        commonName: String,
        publicKey: Certificate.PublicKey,
        notBefore: Date,
        lifetime: TimeInterval,
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
            notValidAfter: notBefore.addingTimeInterval(lifetime),
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(commonName) },
            signatureAlgorithm: signatureAlgorithm,
            extensions: allExtensions,
            issuerPrivateKey: key
        )
    }
}
