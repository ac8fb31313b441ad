import Foundation
import PDFSigning
import SwiftASN1
import Testing
import TimeStamping
import X509

/// Our signer's output, checked by our verifier and by reading its structure.
@Suite struct CMSSignerTests {
    /// The signing-time attribute type.
    static let signingTime: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 5]
    /// The CMS algorithm protection attribute type.
    static let algorithmProtection: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 52]

    @Test(arguments: PDFSignatureProfile.allCases, SigningKeyType.allCases)
    func ourVerifierAcceptsOurSignature(profile: PDFSignatureProfile, keyType: SigningKeyType) async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: keyType, profile: profile)
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.generated(keyType))])

        let result = try await verifier.verify(signatureDER: der, content: DetachedContent(bytes: content))
        #expect(result.digest == .passed)
        #expect(result.signature == .passed)
        #expect(result.chain == .passed)
        #expect(result.isValid)
        #expect(result.signer?.subject.description.contains("Chancery Test Signer") == true)
        #expect(result.certificates.count == 2)
        #expect((result.signingTime != nil) == (profile == .pkcs7Detached))
        #expect(result.timeStamp == nil)
    }

    @Test func sha256DigestAloneIsEnough() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .rsa2048, profile: .padesBaselineB)
        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.rsa)])

        let result = try await verifier.verify(signatureDER: der, content: DetachedContent(sha256Digest: DigestAlgorithm.sha256.hash(content)))
        #expect(result.isValid)
        #expect(result.digestAlgorithm == .sha256)
    }

    @Test func p384SignsWithSHA384() async throws {
        let content = SigningFixtures.content()
        let der = try await SigningFixtures.sign(content, keyType: .p384, profile: .padesBaselineB)
        let signer = try SigningFixtures.signerInfo(der)
        #expect(signer.digestAlgorithm.algorithm == TimeStampingOID.sha384)
        #expect(signer.signatureAlgorithm.algorithm == TimeStampingOID.ecdsaWithSHA384)

        let verifier = CMSSignatureVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.p384)])
        let onlySHA256 = try await verifier.verify(signatureDER: der, content: DetachedContent(sha256Digest: DigestAlgorithm.sha256.hash(content)))
        #expect(!onlySHA256.digest.isPassed)
    }

    @Test(arguments: PDFSignatureProfile.allCases)
    func signedAttributesFollowTheProfile(profile: PDFSignatureProfile) async throws {
        let der = try await SigningFixtures.sign(SigningFixtures.content(), keyType: .p256, profile: profile)
        let signer = try SigningFixtures.signerInfo(der)
        let types = Set(signer.signedAttrs?.map(\.attrType) ?? [])
        var expected: Set<ASN1ObjectIdentifier> = [
            TimeStampingOID.contentTypeAttribute, TimeStampingOID.messageDigestAttribute, TimeStampingOID.signingCertificateV2Attribute,
        ]
        if profile == .pkcs7Detached {
            expected.formUnion([Self.signingTime, Self.algorithmProtection])
        }
        #expect(types == expected)
        #expect(signer.version == 1)
        #expect(signer.unsignedAttrs == nil)
        guard case .issuerAndSerialNumber = signer.sid else {
            Issue.record("the signer is not named by issuer and serial number")
            return
        }
    }

    @Test func signedAttributesAreDERSorted() async throws {
        let der = try await SigningFixtures.sign(SigningFixtures.content(), keyType: .p256, profile: .pkcs7Detached)
        let signer = try SigningFixtures.signerInfo(der)
        let encoded = try signer.signedAttributesForSignature()
        let signed = try #require(encoded)
        let set = try DER.parse(signed)
        guard case .constructed(let children) = set.content else {
            Issue.record("the signed attributes are not a constructed SET")
            return
        }
        let encodings = children.map { Array($0.encodedBytes) }
        #expect(encodings.count == 5)
        #expect(encodings == encodings.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func subFilterNames() {
        #expect(PDFSignatureProfile.pkcs7Detached.subFilter == "adbe.pkcs7.detached")
        #expect(PDFSignatureProfile.padesBaselineB.subFilter == "ETSI.CAdES.detached")
    }

    @Test func wrongDigestLengthIsRefused() async throws {
        let signer = try CMSDetachedSigner(credentials: SigningFixtures.p256.credentials(), profile: .padesBaselineB)
        await #expect(throws: CMSSignatureError.wrongDigestLength(expected: 32, actual: 3)) {
            try await signer.signature(forContentDigest: [1, 2, 3], signingTime: Date())
        }
    }

    /// The size the spec's reservation advice depends on (measured 2,124 bytes there).
    @Test func rsa2048SignatureSize() async throws {
        for profile in PDFSignatureProfile.allCases {
            let der = try await SigningFixtures.sign(SigningFixtures.content(), keyType: .rsa2048, profile: profile)
            print("CMS size, RSA-2048 with 2 certificates, \(profile.subFilter): \(der.count) bytes")
            #expect(der.count < 8192)
        }
    }
}
