import SwiftASN1
import TimeStamping

extension CMSSignatureVerifier {
    /// Reads and checks the signer's `signatureTimeStampToken`, if any (the first one when
    /// there are several): its imprint against the signature value, then the whole token with
    /// ``TimeStamping/TimeStampVerifier`` against ``timeStampRoots``.
    func checkTimeStamp(of parsed: DetachedSignedData) async -> SignatureTimeStampResult? {
        guard let value = parsed.unsignedAttributeValues(CMSOID.signatureTimeStampTokenAttribute).first else { return nil }
        guard let token = try? ContentInfo(asn1Any: value),
            let content = try? token.signedData().encapContentInfo.eContent,
            let info = try? TSTInfo(derEncoded: content)
        else {
            return SignatureTimeStampResult(time: nil, imprintMatches: false, verification: .failed("the time-stamp token is malformed"))
        }
        guard let algorithm = DigestAlgorithm(oid: info.messageImprint.hashAlgorithm.algorithm) else {
            let oid = info.messageImprint.hashAlgorithm.algorithm
            return SignatureTimeStampResult(
                time: info.genDate, imprintMatches: false, verification: .failed("the time-stamp uses unsupported hash \(oid)"))
        }
        let signatureDigest = algorithm.hash(parsed.signer.signature)
        let imprintMatches = info.messageImprint.hashedMessage.elementsEqual(signatureDigest)
        guard !timeStampRoots.isEmpty else {
            return SignatureTimeStampResult(
                time: info.genDate, imprintMatches: imprintMatches, verification: .failed("no time-stamp trust roots were given"))
        }
        let verification: CMSCheck
        do {
            _ = try await TimeStampVerifier(trustedRoots: timeStampRoots).verify(token: token, dataDigest: signatureDigest, algorithm: algorithm)
            verification = .passed
        } catch {
            verification = .failed(error.description)
        }
        return SignatureTimeStampResult(time: info.genDate, imprintMatches: imprintMatches, verification: verification)
    }
}
