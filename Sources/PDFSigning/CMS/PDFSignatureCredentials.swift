import SwiftASN1
import X509

/// A signing identity: the signer's certificate, the certificates that lead from it towards a
/// root, and the matching private key.
public struct PDFSignatureCredentials: Sendable {
    /// The signer's certificate.
    public let certificate: Certificate
    /// The issuers of `certificate`, nearest first, embedded in every signature so that
    /// validators can build the path; the root may be included or left out.
    public let chain: [Certificate]
    /// The key whose public half is in `certificate`.
    public let privateKey: Certificate.PrivateKey

    /// Creates credentials; throws if `privateKey` does not belong to `certificate`.
    public init(certificate: Certificate, chain: [Certificate], privateKey: Certificate.PrivateKey) throws(CMSSignatureError) {
        guard privateKey.publicKey == certificate.publicKey else {
            throw .invalidCredentials("the private key does not match the signer's certificate")
        }
        self.certificate = certificate
        self.chain = chain
        self.privateKey = privateKey
    }

    /// Loads credentials from PEM.
    ///
    /// - Parameters:
    ///   - certificateChainPEM: One or more `CERTIFICATE` blocks, the signer's first, then its issuers.
    ///   - privateKeyPEM: A `PRIVATE KEY` (PKCS #8), `RSA PRIVATE KEY` or `EC PRIVATE KEY` block.
    public init(certificateChainPEM: String, privateKeyPEM: String) throws {
        let certificates = try PEMDocument.parseMultiple(pemString: certificateChainPEM).map(Certificate.init(pemDocument:))
        guard let leaf = certificates.first else {
            throw CMSSignatureError.invalidCredentials("the certificate chain PEM holds no certificate")
        }
        try self.init(certificate: leaf, chain: Array(certificates.dropFirst()), privateKey: Certificate.PrivateKey(pemEncoded: privateKeyPEM))
    }
}
