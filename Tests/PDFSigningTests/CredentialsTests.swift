import Foundation
import PDFSigning
import Testing
import X509

/// Generated credentials, and loading credentials from PEM.
@Suite struct CredentialsTests {
    @Test(arguments: SigningKeyType.allCases)
    func generatedCredentialsLoad(keyType: SigningKeyType) throws {
        let generated = SigningFixtures.generated(keyType)
        let credentials = try generated.credentials()
        let root = try SigningFixtures.root(generated)
        #expect(credentials.chain == [root])
        #expect(credentials.certificate.issuer == root.subject)
        #expect(root.publicKey.isValidSignature(credentials.certificate.signature, for: credentials.certificate))

        let keyUsage = try #require(try credentials.certificate.extensions.keyUsage)
        #expect(keyUsage.digitalSignature && keyUsage.nonRepudiation && !keyUsage.keyCertSign)
        let constraints = try #require(try credentials.certificate.extensions.basicConstraints)
        #expect(constraints == .notCertificateAuthority)
        #expect(try credentials.certificate.extensions.extendedKeyUsage == nil)
    }

    @Test func mismatchedKeyIsRefused() throws {
        #expect(throws: CMSSignatureError.self) {
            try PDFSignatureCredentials(
                certificateChainPEM: SigningFixtures.rsa.certificateChainPEM, privateKeyPEM: SigningFixtures.p256.privateKeyPEM)
        }
    }

    @Test func emptyChainIsRefused() throws {
        #expect(throws: (any Error).self) {
            try PDFSignatureCredentials(certificateChainPEM: "", privateKeyPEM: SigningFixtures.p256.privateKeyPEM)
        }
    }
}
