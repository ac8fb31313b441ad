import Foundation
import SwiftASN1
import Testing
import TimeStamping
import X509

@Suite struct TSAKeysTests {
    @Test func certificatesHaveTheExtensionsOpenSSLRequires() throws {
        let keys = Fixtures.keys
        let root = keys.rootCertificate
        #expect(root.issuer == root.subject)
        #expect(try root.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))

        let leaf = keys.certificate
        #expect(leaf.issuer == root.subject)
        #expect(root.publicKey.isValidSignature(leaf.signature, for: leaf))
        #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
        #expect(leaf.extensions[oid: .X509ExtensionID.basicConstraints]?.critical == true)
        #expect(try leaf.extensions.keyUsage == KeyUsage(digitalSignature: true))
        #expect(leaf.extensions[oid: .X509ExtensionID.keyUsage]?.critical == true)
        #expect(try leaf.extensions.extendedKeyUsage.map(Array.init) == [.timeStamping])
        #expect(leaf.extensions[oid: .X509ExtensionID.extendedKeyUsage]?.critical == true)
    }

    @Test func pemRoundTripGivesAWorkingAuthority() async throws {
        let keys = try TSAKeys.generate(commonName: "Reloaded TSA")
        let rootPEM = try keys.rootCertificatePEM
        #expect(rootPEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(keys.signingKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let loaded = try TSAKeys(
            rootCertificatePEM: rootPEM, rootKeyPEM: keys.rootKeyPEM,
            certificatePEM: try keys.certificatePEM, signingKeyPEM: keys.signingKeyPEM
        )
        #expect(loaded.certificate == keys.certificate)
        let data = Array("reloaded".utf8)
        let response = try loaded.authority(policy: Fixtures.policy).respond(toRequest: Fixtures.requestDER(for: data))
        _ = try await TimeStampVerifier(trustedRoot: try Certificate(pemEncoded: rootPEM))
            .verify(responseDER: response, dataDigest: Fixtures.sha256(data))
    }

    @Test func mismatchedKeysAreRefused() throws {
        let keys = try TSAKeys.generate(commonName: "A")
        let other = try TSAKeys.generate(commonName: "B")
        #expect(throws: TSAKeys.Mismatch.self) {
            try TSAKeys(
                rootCertificatePEM: keys.rootCertificatePEM, rootKeyPEM: keys.rootKeyPEM,
                certificatePEM: keys.certificatePEM, signingKeyPEM: other.signingKeyPEM
            )
        }
        #expect(throws: TimeStampAuthority.KeyMismatch.self) {
            try TimeStampAuthority(signingKey: other.signingKey, certificate: keys.certificate, policy: Fixtures.policy)
        }
    }
}
