import Crypto
import Foundation
import SwiftASN1
import Testing
import TimeStamping
import X509

@Suite struct RoundTripTests {
    let data = Array("the quick brown fox".utf8)

    @Test func grantedResponseVerifiesAndEchoesImprintNonceAndSerial() async throws {
        let nonce: ArraySlice<UInt8> = [0x12, 0x34, 0x56, 0x78, 0x9A]
        let responseDER = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data, nonce: nonce))
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        let info = try await verifier.verify(responseDER: responseDER, dataDigest: Fixtures.sha256(data), nonce: nonce)

        #expect(info.messageImprint.hashedMessage.elementsEqual(Fixtures.sha256(data)))
        #expect(info.messageImprint.hashAlgorithm.algorithm == TimeStampingOID.sha256)
        #expect(info.nonce == nonce)
        #expect(info.policy == Fixtures.policy)
        #expect(abs(info.genDate.timeIntervalSinceNow) < 60)

        let parsed = try TimeStampResp(derEncoded: responseDER)
        let token = try #require(parsed.timeStampToken)
        let signedData = try token.signedData()
        #expect(signedData.version == 3)
        #expect(signedData.certificates == [Fixtures.keys.certificate])
        let embedded = try TSTInfo(derEncoded: try #require(signedData.encapContentInfo.eContent))
        #expect(embedded.serialNumber == info.serialNumber)
        #expect(info.serialNumber.count == 16)
    }

    /// The authority writes its responses front to back from parts encoded once; they must be
    /// the very bytes swift-asn1 writes for the same structure, built anew from the parsed
    /// fields (so the signed attributes are ordered again, and every length is encoded again).
    @Test(arguments: [true, false], [nil, [0x00, 0x91] as ArraySlice<UInt8>])
    func aGrantedResponseIsTheDERSwiftASN1WritesForItsStructure(certReq: Bool, nonce: ArraySlice<UInt8>?) throws {
        let authority = try TimeStampAuthority(
            signingKey: Fixtures.keys.signingKey, certificate: Fixtures.keys.certificate, chain: [Fixtures.keys.rootCertificate],
            policy: Fixtures.policy
        )
        let written = try authority.respond(toRequest: Fixtures.requestDER(for: data, nonce: nonce, certReq: certReq))
        let signedData = try #require(try TimeStampResp(derEncoded: written).timeStampToken).signedData()
        // A SET OF: in the order of their encodings.
        #expect(Set(signedData.certificates ?? []) == (certReq ? [Fixtures.keys.certificate, Fixtures.keys.rootCertificate] : []))
        let signer = try #require(signedData.signerInfos.first)
        let rebuilt = SignedData(
            version: 3, digestAlgorithms: [.sha256],
            encapContentInfo: EncapsulatedContentInfo(eContentType: TimeStampingOID.tstInfo, eContent: signedData.encapContentInfo.eContent),
            certificates: signedData.certificates,
            signerInfos: [
                SignerInfo(
                    sid: signer.sid, digestAlgorithm: .sha256, signedAttrs: try #require(signer.signedAttrs),
                    signatureAlgorithm: .ecdsaWithSHA256, signature: signer.signature
                )
            ]
        )
        let expected = try Fixtures.der(TimeStampResp(status: PKIStatusInfo(status: .granted), timeStampToken: try ContentInfo(rebuilt)))
        #expect(written == expected)
        #expect(signer.signedAttrs?.count == 3)
    }

    @Test func serialNumbersDiffer() async throws {
        let authority = try Fixtures.authority()
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        var serials = Set<ArraySlice<UInt8>>()
        for _ in 0..<5 {
            let response = try authority.respond(toRequest: Fixtures.requestDER(for: data))
            serials.insert(try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(data)).serialNumber)
        }
        #expect(serials.count == 5)
    }

    @Test func callerProvidedSerialNumbersAreUsed() async throws {
        let authority = try TimeStampAuthority(
            signingKey: Fixtures.keys.signingKey, certificate: Fixtures.keys.certificate,
            policy: Fixtures.policy, serialNumber: { [0x01, 0x00] }
        )
        let response = try authority.respond(toRequest: Fixtures.requestDER(for: data))
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        #expect(try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(data)).serialNumber == [0x01, 0x00])
    }

    @Test func tamperedDataFailsWithImprintMismatch() async throws {
        let response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data))
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        await #expect(throws: TimeStampVerificationError.imprintMismatch) {
            try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(Array("the quick brown fix".utf8)))
        }
    }

    @Test func wrongNonceFails() async throws {
        let response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data, nonce: [7]))
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        await #expect(throws: TimeStampVerificationError.nonceMismatch) {
            try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(data), nonce: [8])
        }
    }

    @Test func tamperedTSTInfoFailsWithMessageDigestMismatch() async throws {
        var response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data))
        // The imprint sits inside the TSTInfo; flip a byte of the policy OID's last arc instead, which
        // keeps the DER valid but changes the signed content.
        let policyDER = try Fixtures.der(Fixtures.policy)
        let offset = try #require(firstRange(of: policyDER, in: response)).upperBound - 1
        response[offset] ^= 0x01
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        await #expect(throws: TimeStampVerificationError.messageDigestMismatch) {
            try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(data))
        }
    }

    @Test func tamperedSignatureFailsWithInvalidSignature() async throws {
        let responseDER = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data))
        var response = try TimeStampResp(derEncoded: responseDER)
        var signedData = try #require(response.timeStampToken).signedData()
        var signer = signedData.signerInfos[0]
        let other = try Fixtures.keys.signingKey.signature(for: Array("something else".utf8))
        signer.signature = ArraySlice(other.derRepresentation)
        signedData.signerInfos = [signer]
        response.timeStampToken = try ContentInfo(signedData)
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        await #expect(throws: TimeStampVerificationError.invalidSignature) {
            try await verifier.verify(responseDER: Fixtures.der(response), dataDigest: Fixtures.sha256(data))
        }
    }

    @Test func everySingleByteFlipOfTheTokenIsDetected() async throws {
        let response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data))
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        // Flip one byte at a spread of positions covering status, TSTInfo, attributes, certificate and signature.
        for offset in stride(from: 0, to: response.count, by: 7) {
            var tampered = response
            tampered[offset] ^= 0x20
            await #expect(throws: TimeStampVerificationError.self, "byte \(offset) flipped") {
                try await verifier.verify(responseDER: tampered, dataDigest: Fixtures.sha256(data))
            }
        }
    }

    @Test func wrongRootFailsWithUntrustedCertificate() async throws {
        let response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data))
        let stranger = try TSAKeys.generate(commonName: "Another TSA")
        let verifier = TimeStampVerifier(trustedRoot: stranger.rootCertificate)
        await #expect {
            try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(data))
        } throws: { error in
            guard case .untrustedCertificate = error as? TimeStampVerificationError else { return false }
            return true
        }
    }

    @Test func tokenWithoutCertificatesNeedsTheTSACertificate() async throws {
        let response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data, certReq: false))
        #expect(try TimeStampResp(derEncoded: response).timeStampToken?.signedData().certificates == nil)
        await #expect(throws: TimeStampVerificationError.signerCertificateNotFound) {
            try await TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
                .verify(responseDER: response, dataDigest: Fixtures.sha256(data))
        }
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate, additionalCertificates: [Fixtures.keys.certificate])
        _ = try await verifier.verify(responseDER: response, dataDigest: Fixtures.sha256(data))
    }

    @Test func unsupportedHashIsRejectedWithBadAlg() async throws {
        let md5: ASN1ObjectIdentifier = [1, 2, 840, 113549, 2, 5]
        let request = TimeStampReq(
            messageImprint: MessageImprint(hashAlgorithm: AlgorithmIdentifier(algorithm: md5), hashedMessage: ArraySlice(repeating: 1, count: 16)))
        let response = try TimeStampResp(derEncoded: Fixtures.authority().respond(toRequest: Fixtures.der(request)))
        #expect(response.status.status == .rejection)
        #expect(response.status.failInfo == .badAlg)
        #expect(response.timeStampToken == nil)
        await #expect(throws: TimeStampVerificationError.self) {
            try await TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
                .verify(responseDER: Fixtures.der(response), dataDigest: Fixtures.sha256(data))
        }
    }

    @Test func wrongDigestLengthIsRejectedWithBadDataFormat() throws {
        let request = TimeStampReq(messageImprint: MessageImprint(.sha512, digest: Fixtures.sha256(data)))
        let response = try TimeStampResp(derEncoded: Fixtures.authority().respond(toRequest: Fixtures.der(request)))
        #expect(response.status.status == .rejection)
        #expect(response.status.failInfo == .badDataFormat)
    }

    @Test func garbageRequestIsRejectedWithBadDataFormat() throws {
        let response = try TimeStampResp(derEncoded: Fixtures.authority().respond(toRequest: [0x30, 0x03, 0x02, 0x01]))
        #expect(response.status.status == .rejection)
        #expect(response.status.failInfo == .badDataFormat)
    }

    @Test func otherPolicyIsRejected() throws {
        let request = TimeStampReq(messageImprint: MessageImprint(.sha256, digest: Fixtures.sha256(data)), reqPolicy: [1, 2, 3, 4])
        let response = try TimeStampResp(derEncoded: Fixtures.authority().respond(toRequest: Fixtures.der(request)))
        #expect(response.status.failInfo == .unacceptedPolicy)
    }

    @Test func sha384AndSHA512ImprintsAreGranted() async throws {
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        for algorithm in [DigestAlgorithm.sha384, .sha512] {
            let request = TimeStampReq(messageImprint: MessageImprint(algorithm, digest: algorithm.hash(data)), certReq: true)
            let response = try Fixtures.authority().respond(toRequest: Fixtures.der(request))
            let info = try await verifier.verify(responseDER: response, dataDigest: algorithm.hash(data), algorithm: algorithm)
            #expect(info.messageImprint.hashedMessage.count == algorithm.digestLength)
        }
    }

    @Test func failureInfoBitsEncodeAsNamedBitString() throws {
        #expect(Array(PKIFailureInfo.badAlg.bitString.bytes) == [0x80])
        #expect(PKIFailureInfo.badAlg.bitString.paddingBits == 7)
        #expect(Array(PKIFailureInfo.badDataFormat.bitString.bytes) == [0x04])
        #expect(Array(PKIFailureInfo.systemFailure.bitString.bytes) == [0, 0, 0, 0x40])
        let both: PKIFailureInfo = [.badAlg, .unacceptedPolicy]
        #expect(PKIFailureInfo(bitString: both.bitString) == both)
    }

    private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }
}
