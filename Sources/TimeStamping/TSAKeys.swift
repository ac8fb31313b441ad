import Crypto
import Foundation
import SwiftASN1
import X509

/// A self-made trust chain for a TSA: a P-256 root CA and a TSA certificate it issued.
///
/// On first start a server calls ``generate(commonName:now:)`` and stores the four PEM
/// strings in its data directory; later starts load them with
/// ``init(rootCertificatePEM:rootKeyPEM:certificatePEM:signingKeyPEM:)``. Relying parties
/// trust ``rootCertificatePEM`` (published as `tsa-root.pem`), for example with
/// `openssl ts -verify -CAfile tsa-root.pem`.
public struct TSAKeys: Sendable {
    /// The root CA's key, needed only to issue a new TSA certificate.
    public let rootKey: P256.Signing.PrivateKey
    /// The self-signed root: CA:TRUE, keyCertSign and cRLSign.
    public let rootCertificate: Certificate
    /// The TSA's signing key.
    public let signingKey: P256.Signing.PrivateKey
    /// The TSA certificate: CA:FALSE, digitalSignature, and the one critical extended key usage
    /// `timeStamping`, as RFC 3161 §2.3 and OpenSSL require.
    public let certificate: Certificate

    /// Thrown when loaded keys and certificates do not belong together.
    public struct Mismatch: Error, CustomStringConvertible {
        /// What does not match.
        public var description: String
    }

    /// Makes a new root and TSA certificate.
    ///
    /// - Parameters:
    ///   - commonName: The TSA's name; the root is named "`commonName` Root CA".
    ///   - now: The start of validity (backdated one hour for clock skew). The root is valid
    ///     30 years and the TSA certificate 20, so that tokens verify long after they were made
    ///     with verifiers that check the chain at the current time (OpenSSL's default).
    public static func generate(commonName: String, now: Date = Date()) throws -> TSAKeys {
        let notBefore = now.addingTimeInterval(-3600)
        let year: TimeInterval = 365.25 * 24 * 3600

        let rootKey = P256.Signing.PrivateKey()
        let authority = try LocalCertificateAuthority(
            commonName: "\(commonName) Root CA",
            key: Certificate.PrivateKey(rootKey),
            signatureAlgorithm: .ecdsaWithSHA256,
            notBefore: notBefore,
            lifetime: 30 * year
        )
        let signingKey = P256.Signing.PrivateKey()
        let certificate = try authority.issue(
            subject: DistinguishedName { CommonName(commonName) },
            publicKey: Certificate.PublicKey(signingKey.publicKey),
            notBefore: notBefore,
            notAfter: notBefore.addingTimeInterval(20 * year),
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                Critical(try ExtendedKeyUsage([.timeStamping]))
            }
        )
        return TSAKeys(rootKey: rootKey, rootCertificate: authority.certificate, signingKey: signingKey, certificate: certificate)
    }

    /// Loads keys saved from the PEM properties; throws if a PEM is malformed or a key does not
    /// match its certificate.
    public init(rootCertificatePEM: String, rootKeyPEM: String, certificatePEM: String, signingKeyPEM: String) throws {
        let rootKey = try P256.Signing.PrivateKey(pemRepresentation: rootKeyPEM)
        let root = try Certificate(pemEncoded: rootCertificatePEM)
        let signingKey = try P256.Signing.PrivateKey(pemRepresentation: signingKeyPEM)
        let certificate = try Certificate(pemEncoded: certificatePEM)
        guard root.publicKey == Certificate.PublicKey(rootKey.publicKey) else {
            throw Mismatch(description: "the root key does not match the root certificate")
        }
        guard certificate.publicKey == Certificate.PublicKey(signingKey.publicKey) else {
            throw Mismatch(description: "the TSA signing key does not match the TSA certificate")
        }
        guard certificate.issuer == root.subject, root.publicKey.isValidSignature(certificate.signature, for: certificate) else {
            throw Mismatch(description: "the TSA certificate was not issued by the root")
        }
        self.init(rootKey: rootKey, rootCertificate: root, signingKey: signingKey, certificate: certificate)
    }

    private init(rootKey: P256.Signing.PrivateKey, rootCertificate: Certificate, signingKey: P256.Signing.PrivateKey, certificate: Certificate) {
        self.rootKey = rootKey
        self.rootCertificate = rootCertificate
        self.signingKey = signingKey
        self.certificate = certificate
    }

    /// The root certificate as PEM: the trust anchor to publish as `tsa-root.pem`.
    public var rootCertificatePEM: String {
        get throws { try rootCertificate.serializeAsPEM().pemString }
    }

    /// The TSA certificate as PEM.
    public var certificatePEM: String {
        get throws { try certificate.serializeAsPEM().pemString }
    }

    /// The root key as PKCS#8 PEM; keep it private.
    public var rootKeyPEM: String { rootKey.pemRepresentation }

    /// The TSA signing key as PKCS#8 PEM; keep it private.
    public var signingKeyPEM: String { signingKey.pemRepresentation }

    /// An authority that signs with these keys and sends the TSA certificate when asked.
    public func authority(policy: ASN1ObjectIdentifier, accuracy: Accuracy? = Accuracy(seconds: 1)) throws -> TimeStampAuthority {
        try TimeStampAuthority(signingKey: signingKey, certificate: certificate, policy: policy, accuracy: accuracy)
    }
}
