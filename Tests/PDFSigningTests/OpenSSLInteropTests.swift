import Foundation
import PDFSigning
import SwiftASN1
import Testing
import TimeStamping
import X509

/// Our signatures checked by `openssl cms`, and OpenSSL's signatures checked by our verifier.
@Suite struct OpenSSLInteropTests {
    /// Writes `content`, the CA and the signer's certificate and key of `keyType` into a fresh directory.
    static func workspace(content: [UInt8], keyType: SigningKeyType) throws -> OpenSSL {
        let openssl = try OpenSSL()
        let generated = SigningFixtures.generated(keyType)
        let credentials = try generated.credentials()
        try openssl.write(content, to: "data.bin")
        try openssl.write(generated.caCertificatePEM, to: "ca.pem")
        try openssl.write(try credentials.certificate.serializeAsPEM().pemString, to: "leaf.pem")
        try openssl.write(generated.privateKeyPEM, to: "key.pem")
        return openssl
    }

    @Test(arguments: PDFSignatureProfile.allCases, SigningKeyType.allCases)
    func opensslVerifiesOurSignature(profile: PDFSignatureProfile, keyType: SigningKeyType) async throws {
        let content = SigningFixtures.content()
        let openssl = try Self.workspace(content: content, keyType: keyType)
        defer { openssl.remove() }
        try openssl.write(try await SigningFixtures.sign(content, keyType: keyType, profile: profile), to: "sig.der")

        let verified = try await openssl.run([
            "cms", "-verify", "-binary", "-inform", "DER", "-in", "sig.der", "-content", "data.bin",
            "-CAfile", "ca.pem", "-purpose", "any", "-out", "/dev/null",
        ])
        #expect(verified.status == 0, "\(verified.output)")
        #expect(verified.output.contains("Verification successful"), "\(verified.output)")

        let printed = try await openssl.run(["cms", "-cmsout", "-print", "-inform", "DER", "-in", "sig.der"])
        try #require(printed.status == 0, "\(printed.output)")
        #expect(printed.output.contains("contentType"))
        #expect(printed.output.contains("messageDigest"))
        #expect(printed.output.contains("signingCertificateV2"), "\(printed.output)")
        #expect(printed.output.contains("signingTime") == (profile == .pkcs7Detached), "\(printed.output)")
        #expect(printed.output.contains("eContent: <ABSENT>"), "\(printed.output)")
    }

    @Test func opensslDetectsTamperedContent() async throws {
        let content = SigningFixtures.content()
        let openssl = try Self.workspace(content: content + [0x0A], keyType: .rsa2048)
        defer { openssl.remove() }
        try openssl.write(try await SigningFixtures.sign(content, keyType: .rsa2048, profile: .padesBaselineB), to: "sig.der")
        let verified = try await openssl.run([
            "cms", "-verify", "-binary", "-inform", "DER", "-in", "sig.der", "-content", "data.bin",
            "-CAfile", "ca.pem", "-purpose", "any", "-out", "/dev/null",
        ])
        #expect(verified.status != 0, "\(verified.output)")
    }

    /// One way of running `openssl cms -sign`.
    struct SigningCase: Sendable, CustomStringConvertible {
        /// The signer's key type.
        var keyType: SigningKeyType
        /// The arguments beyond the common ones.
        var options: [String]
        /// Whether the signature has signed attributes.
        var hasSignedAttributes = true
        /// The digest the signer uses.
        var digest: DigestAlgorithm = .sha256

        /// The key type and the options, for test names.
        var description: String { "\(keyType) \(options.joined(separator: " "))" }
    }

    /// Signatures OpenSSL makes: both key kinds, SHA-2 sizes, no signed attributes, a
    /// subject-key-identifier signer and RSA-PSS.
    static let signingCases: [SigningCase] = [
        SigningCase(keyType: .rsa2048, options: ["-md", "sha256"]),
        SigningCase(keyType: .p256, options: ["-md", "sha256"]),
        SigningCase(keyType: .p384, options: ["-md", "sha384"], digest: .sha384),
        SigningCase(keyType: .rsa2048, options: ["-md", "sha256", "-noattr"], hasSignedAttributes: false),
        SigningCase(keyType: .p256, options: ["-md", "sha256", "-noattr"], hasSignedAttributes: false),
        SigningCase(keyType: .rsa2048, options: ["-md", "sha512"], digest: .sha512),
        SigningCase(keyType: .p256, options: ["-md", "sha256", "-keyid"]),
        SigningCase(
            keyType: .rsa2048,
            options: ["-md", "sha256", "-keyopt", "rsa_padding_mode:pss", "-keyopt", "rsa_pss_saltlen:digest"]
        ),
    ]

    @Test(arguments: signingCases)
    func ourVerifierAcceptsOpenSSLSignature(_ signing: SigningCase) async throws {
        let content = SigningFixtures.content()
        let openssl = try Self.workspace(content: content, keyType: signing.keyType)
        defer { openssl.remove() }
        let signed = try await openssl.run(
            [
                "cms", "-sign", "-binary", "-outform", "DER", "-signer", "leaf.pem", "-inkey", "key.pem", "-certfile", "ca.pem",
                "-in", "data.bin", "-out", "sig.der",
            ] + signing.options
        )
        try #require(signed.status == 0, "\(signed.output)")
        let der = try openssl.read("sig.der")
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.generated(signing.keyType))])

        let result = try await verifier.verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(result.digest == .passed)
        #expect(result.signature == .passed)
        #expect(result.chain == .passed)
        #expect(result.digestAlgorithm == signing.digest)
        #expect((result.signingTime != nil) == signing.hasSignedAttributes)

        let tampered = try await verifier.verify(signatureDER: der, content: DetachedContent(bytes: content + [0]))
        #expect(!tampered.digest.isPassed)
        #expect(tampered.signature.isPassed == signing.hasSignedAttributes)
    }

    @Test func noSignedAttributesNeedTheBytes() async throws {
        let content = SigningFixtures.content()
        let openssl = try Self.workspace(content: content, keyType: .p256)
        defer { openssl.remove() }
        let signed = try await openssl.run([
            "cms", "-sign", "-binary", "-outform", "DER", "-signer", "leaf.pem", "-inkey", "key.pem", "-noattr",
            "-in", "data.bin", "-out", "sig.der",
        ])
        try #require(signed.status == 0, "\(signed.output)")
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.p256)])
        let result = try await verifier.verify(
            signatureDER: try openssl.read("sig.der"),
            content: DetachedContent(sha256Digest: DigestAlgorithm.sha256.hash(content))
        )
        #expect(!result.signature.isPassed)
        #expect(!result.digest.isPassed)
        #expect(result.chain == .passed, "the leaf alone reaches the root: \(result.chain)")
    }
}
