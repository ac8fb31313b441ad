import SwiftASN1
import TimeStamping

/// One request to a time-stamp authority and the checks on its answer, shared by the
/// in-process and the HTTP time-stampers.
///
/// The answer is checked for consistency with the request only (granted, a token, the same
/// imprint and nonce); whether the TSA is trusted is for the verifier to decide.
struct TimeStampExchange: Sendable {
    /// The request: a SHA-256 imprint, a random nonce, and the TSA certificate asked for so that
    /// the token can be verified on its own.
    let request: TimeStampReq

    /// Prepares a request for the SHA-256 digest `digest`.
    init(sha256Digest digest: [UInt8]) throws(CMSSignatureError) {
        guard digest.count == DigestAlgorithm.sha256.digestLength else {
            throw .wrongDigestLength(expected: DigestAlgorithm.sha256.digestLength, actual: digest.count)
        }
        request = TimeStampReq(
            messageImprint: MessageImprint(.sha256, digest: digest),
            nonce: ArraySlice(TimeStampAuthority.randomSerialNumber()),
            certReq: true
        )
    }

    /// The request as DER, the body of an `application/timestamp-query` POST.
    func requestDER() throws -> [UInt8] {
        var coder = DER.Serializer()
        try coder.serialize(request)
        return coder.serializedBytes
    }

    /// The DER of the token in `response`, after checking that it answers this request.
    func token(from response: TimeStampResp) throws -> [UInt8] {
        let status = response.status.status
        guard status == .granted || status == .grantedWithMods else {
            let text = (response.status.statusString ?? []).joined(separator: "; ")
            throw CMSSignatureError.timeStampFailed("the TSA answered \(status): \(text)")
        }
        guard let token = response.timeStampToken else {
            throw CMSSignatureError.timeStampFailed("the TSA granted the request but sent no token")
        }
        guard let content = try token.signedData().encapContentInfo.eContent else {
            throw CMSSignatureError.timeStampFailed("the token does not carry its TSTInfo")
        }
        let info = try TSTInfo(derEncoded: content)
        guard info.messageImprint == request.messageImprint else {
            throw CMSSignatureError.timeStampFailed("the token time-stamps another digest")
        }
        guard info.nonce == request.nonce else {
            throw CMSSignatureError.timeStampFailed("the token does not echo the request's nonce")
        }
        var coder = DER.Serializer()
        try coder.serialize(token)
        return coder.serializedBytes
    }
}
