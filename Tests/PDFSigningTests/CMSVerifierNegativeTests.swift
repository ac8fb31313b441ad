import ChanceryTestSupport
import Foundation
import PDFSigning
import SwiftASN1
import Testing
import TimeStamping
import X509

/// Signatures that must not verify, and bytes that must not crash the verifier.
@Suite struct CMSVerifierNegativeTests {
    /// A verifier trusting the RSA fixtures' CA.
    static func rsaVerifier() throws -> CMSSignatureVerifier {
        CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.rsa)])
    }

    @Test func tamperedContentFailsTheDigestOnly() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .rsa2048, profile: .pkcs7Detached)
        var tampered = content
        tampered[3] ^= 0x01

        let result = try await Self.rsaVerifier().verify(signatureDER: der, content: DetachedContent(bytes: tampered))
        #expect(result.digest == .failed("the messageDigest attribute does not match the content"))
        #expect(result.signature == .passed)
        #expect(!result.isValid)
    }

    @Test(arguments: SigningKeyType.allCases)
    func tamperedSignatureFailsTheSignature(keyType: SigningKeyType) async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: keyType, profile: .padesBaselineB)
        var signedData = try ContentInfo(derEncoded: der).signedData()
        var signer = try #require(signedData.signerInfos.first)
        var signature = Array(signer.signature)
        signature[signature.count - 2] ^= 0x40
        signer.signature = ArraySlice(signature)
        signedData.signerInfos = [signer]
        var coder = DER.Serializer()
        try coder.serialize(try ContentInfo(signedData))

        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.generated(keyType))])
        let result = try await verifier.verify(signatureDER: coder.serializedBytes, content: DetachedContent(bytes: content))
        #expect(result.digest == .passed)
        #expect(!result.signature.isPassed)
        #expect(!result.isValid)
    }

    @Test func otherRootIsNotTrusted() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .rsa2048, profile: .padesBaselineB)
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.stranger)])

        let result = try await verifier.verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(result.digest == .passed)
        #expect(result.signature == .passed)
        #expect(!result.chain.isPassed)
        #expect(!result.isValid)
    }

    @Test func noRootsMeansNoTrust() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .p256, profile: .padesBaselineB)
        let result = try await CMSSignatureVerifier(trustedRoots: []).verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(result.signature == .passed)
        #expect(result.chain == .failed("no trust roots were given"))
    }

    @Test func selfSignedSignerIsTrustedOnlyWhenItIsARoot() async throws {
        let content = SigningFixtures.content()
        let generated = SigningFixtures.p256
        let key = try Certificate.PrivateKey(pemEncoded: generated.privateKeyPEM)
        let name = try DistinguishedName { CommonName("Self-Signed Signer") }
        let selfSigned = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: Date().addingTimeInterval(-60), notValidAfter: Date().addingTimeInterval(3600),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: Certificate.Extensions {}, issuerPrivateKey: key
        )
        let credentials = try PDFSignatureCredentials(certificate: selfSigned, chain: [], privateKey: key)
        let signer = try CMSDetachedSigner(credentials: credentials, profile: .padesBaselineB)
        let der = try await signer.signature(forContentDigest: DigestAlgorithm.sha256.hash(content), signingTime: Date())

        let untrusted = try await CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(generated)])
            .verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(untrusted.signature == .passed)
        #expect(!untrusted.chain.isPassed)

        let trusted = try await CMSSignatureVerifier(trustedRoots: [selfSigned]).verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(trusted.isValid)
    }

    @Test func expiredAtTheClaimedTimeIsNotTrusted() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .p256, profile: .padesBaselineB)
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.p256)])
        let later = Date().addingTimeInterval(50 * 365 * 24 * 3600)

        let result = try await verifier.verify(signatureDER: der, content: DetachedContent(bytes: content), claimedSigningTime: later)
        #expect(result.validationTime == later)
        #expect(!result.chain.isPassed)
    }

    @Test func zeroPaddingIsAcceptedButOtherTrailingBytesAreNot() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .p256, profile: .padesBaselineB)
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.p256)])

        let padded = try await verifier.verify(signatureDER: der + [UInt8](repeating: 0, count: 500), content: DetachedContent(bytes: content))
        #expect(padded.isValid)
        await #expect(throws: CMSSignatureError.self) {
            try await verifier.verify(signatureDER: der + [0, 1], content: DetachedContent(bytes: content))
        }
    }

    @Test func garbageIsAnError() async throws {
        let verifier = try Self.rsaVerifier()
        for garbage: [UInt8] in [[], [0x30], [0x30, 0x80, 0, 0], [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], Array("not DER".utf8)] {
            await #expect(throws: CMSSignatureError.self) {
                try await verifier.verify(signatureDER: garbage, content: DetachedContent(bytes: []))
            }
        }
    }

    /// Random bytes and random mutations of real signatures (ours with a time-stamp, and
    /// OpenSSL's) give an error or a result, never a crash.
    @Test func mutatedSignaturesNeverCrash() async throws {
        let content = SigningFixtures.content()
        let timeStamper = AuthorityTimeStamper(authority: try SigningFixtures.tsaKeys.authority(policy: SigningFixtures.tsaPolicy))
        let seeds = [
            try await SigningFixtures.sign(content, keyType: .rsa2048, profile: .pkcs7Detached, timeStamper: timeStamper),
            try await SigningFixtures.sign(content, keyType: .p256, profile: .padesBaselineB),
        ]
        let verifier = CMSSignatureVerifier(
            trustedRoots: [try SigningFixtures.root(SigningFixtures.rsa)],
            timeStampRoots: [SigningFixtures.tsaKeys.rootCertificate]
        )
        var generator = SeededGenerator(seed: 0x5EED)
        var outcomes = (errors: 0, results: 0, valid: 0)
        for round in 0..<1500 {
            var bytes = seeds[round % seeds.count]
            switch round % 5 {
            case 0:
                bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1:
                bytes.removeLast(Int.random(in: 1..<bytes.count, using: &generator))
            default:
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            do {
                let result = try await verifier.verify(signatureDER: bytes, content: DetachedContent(bytes: content))
                outcomes.results += 1
                outcomes.valid += result.isValid ? 1 : 0
            } catch {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.errors > 0)
        #expect(outcomes.results > 0)
    }
}
