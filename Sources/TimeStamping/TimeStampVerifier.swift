import Crypto
import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Verifies RFC 3161 responses and tokens against trusted roots.
///
/// A token is accepted when: the response is granted; the token is version-3 `SignedData` with
/// exactly one issuer-and-serial signer over attached `id-ct-TSTInfo` content; the imprint equals the given digest; the
/// `contentType` and `messageDigest` signed attributes match the content; the ESS
/// `signingCertificateV2` attribute names the signer's certificate (the SHA-1 v1 attribute is not
/// accepted); the signature over
/// the signed attributes is valid; the signer's certificate is a TSA certificate; and it chains
/// to a trusted root. Like `rfc3161-client`, the chain is checked at the token's `genTime`, so a
/// token stays verifiable after the TSA certificate expires.
///
/// The `fixedExpiryValidationTime` SPI of swift-certificates is what allows checking at `genTime`.
public struct TimeStampVerifier: Sendable {
    /// The certificates trusted to issue TSA certificates.
    public var trustedRoots: [Certificate]
    /// Certificates to search for the signer and intermediates, besides those in the token
    /// (needed for tokens issued without `certReq`).
    public var additionalCertificates: [Certificate]

    /// Creates a verifier that trusts `trustedRoots`.
    public init(trustedRoots: [Certificate], additionalCertificates: [Certificate] = []) {
        self.trustedRoots = trustedRoots
        self.additionalCertificates = additionalCertificates
    }

    /// Creates a verifier that trusts one root.
    public init(trustedRoot: Certificate, additionalCertificates: [Certificate] = []) {
        self.init(trustedRoots: [trustedRoot], additionalCertificates: additionalCertificates)
    }

    /// Verifies the DER of a `TimeStampResp` for data whose digest is `dataDigest`, and returns the
    /// signed `TSTInfo`.
    ///
    /// - Parameters:
    ///   - nonce: If given, the token must echo it.
    public func verify(
        responseDER: some Collection<UInt8>,
        dataDigest: some Collection<UInt8>,
        algorithm: DigestAlgorithm = .sha256,
        nonce: ArraySlice<UInt8>? = nil
    ) async throws(TimeStampVerificationError) -> TSTInfo {
        let response: TimeStampResp
        do {
            response = try TimeStampResp(derEncoded: responseDER)
        } catch {
            throw .malformed("not a TimeStampResp: \(error)")
        }
        let status = response.status.status
        guard status == .granted || status == .grantedWithMods else {
            throw .notGranted(status: status, failInfo: response.status.failInfo, text: response.status.statusString ?? [])
        }
        guard let token = response.timeStampToken else { throw .missingToken }
        return try await verify(token: token, dataDigest: dataDigest, algorithm: algorithm, nonce: nonce)
    }

    /// Verifies the DER of a time-stamp token (a CMS `ContentInfo`), and returns its `TSTInfo`.
    public func verify(
        tokenDER: some Collection<UInt8>,
        dataDigest: some Collection<UInt8>,
        algorithm: DigestAlgorithm = .sha256,
        nonce: ArraySlice<UInt8>? = nil
    ) async throws(TimeStampVerificationError) -> TSTInfo {
        let token: ContentInfo
        do {
            token = try ContentInfo(derEncoded: tokenDER)
        } catch {
            throw .malformed("not a ContentInfo: \(error)")
        }
        return try await verify(token: token, dataDigest: dataDigest, algorithm: algorithm, nonce: nonce)
    }

    /// Verifies a parsed time-stamp token, and returns its `TSTInfo`.
    public func verify(
        token: ContentInfo,
        dataDigest: some Collection<UInt8>,
        algorithm: DigestAlgorithm = .sha256,
        nonce: ArraySlice<UInt8>? = nil
    ) async throws(TimeStampVerificationError) -> TSTInfo {
        let signedData: SignedData
        do {
            signedData = try token.signedData()
        } catch {
            throw .malformed("not SignedData: \(error)")
        }
        guard signedData.encapContentInfo.eContentType == TimeStampingOID.tstInfo else {
            throw .notATimeStampToken("the content type is \(signedData.encapContentInfo.eContentType), not id-ct-TSTInfo")
        }
        guard let content = signedData.encapContentInfo.eContent else {
            throw .notATimeStampToken("the TSTInfo is not attached")
        }
        guard signedData.signerInfos.count == 1, let signer = signedData.signerInfos.first else {
            throw .notATimeStampToken("a token has exactly one signer, this one has \(signedData.signerInfos.count)")
        }
        guard signedData.version == 3, signer.version == 1 else {
            throw .notATimeStampToken("SignedData version \(signedData.version) with SignerInfo version \(signer.version)")
        }
        guard signedData.digestAlgorithms.contains(where: { $0.algorithm == signer.digestAlgorithm.algorithm }) else {
            throw .notATimeStampToken("the signer's digest algorithm is not among the SignedData digestAlgorithms")
        }
        let info: TSTInfo
        do {
            info = try TSTInfo(derEncoded: content)
        } catch {
            throw .malformed("not a TSTInfo: \(error)")
        }
        guard info.version == 1 else { throw .notATimeStampToken("TSTInfo version \(info.version)") }

        try checkImprint(info.messageImprint, dataDigest: Array(dataDigest), algorithm: algorithm)
        if let nonce, info.nonce != nonce { throw .nonceMismatch }

        let certificates = (signedData.certificates ?? []) + additionalCertificates
        guard let signerCertificate = certificates.first(where: signer.sid.identifies) else {
            throw .signerCertificateNotFound
        }
        try checkSignedAttributes(of: signer, content: content, signerCertificate: signerCertificate)
        try checkSignature(of: signer, certificate: signerCertificate)
        if let problem = TimeStampingCertificatePolicy.problem(with: signerCertificate) {
            throw .notTimeStampingCertificate(problem)
        }
        try await checkChain(of: signerCertificate, intermediates: certificates, at: info.genDate)
        return info
    }

    private func checkImprint(_ imprint: MessageImprint, dataDigest: [UInt8], algorithm: DigestAlgorithm) throws(TimeStampVerificationError) {
        guard let used = DigestAlgorithm(oid: imprint.hashAlgorithm.algorithm) else {
            throw .unsupportedAlgorithm(imprint.hashAlgorithm.algorithm)
        }
        guard used == algorithm, imprint.hashedMessage.elementsEqual(dataDigest) else { throw .imprintMismatch }
    }

    private func checkSignedAttributes(
        of signer: SignerInfo, content: ArraySlice<UInt8>, signerCertificate: Certificate
    ) throws(TimeStampVerificationError) {
        guard let digestAlgorithm = DigestAlgorithm(oid: signer.digestAlgorithm.algorithm) else {
            throw .unsupportedAlgorithm(signer.digestAlgorithm.algorithm)
        }
        let contentTypes = signer.signedAttributeValues(TimeStampingOID.contentTypeAttribute)
        guard contentTypes.count == 1, (try? ASN1ObjectIdentifier(asn1Any: contentTypes[0])) == TimeStampingOID.tstInfo else {
            throw .contentTypeMismatch
        }
        let digests = signer.signedAttributeValues(TimeStampingOID.messageDigestAttribute)
        guard digests.count == 1, let digest = try? ASN1OctetString(asn1Any: digests[0]),
            digest.bytes.elementsEqual(digestAlgorithm.hash(content))
        else {
            throw .messageDigestMismatch
        }

        var coder = DER.Serializer()
        guard (try? coder.serialize(signerCertificate)) != nil else { throw .malformed("the signer's certificate cannot be encoded") }
        let certificateDER = coder.serializedBytes
        if let v2 = signer.signedAttributeValues(TimeStampingOID.signingCertificateV2Attribute).first {
            guard let value = try? SigningCertificateV2(asn1Any: v2), let first = value.certs.first else {
                throw .signingCertificateMismatch
            }
            guard let hash = DigestAlgorithm(oid: first.hashAlgorithm.algorithm) else {
                throw .unsupportedAlgorithm(first.hashAlgorithm.algorithm)
            }
            guard first.certHash.elementsEqual(hash.hash(certificateDER)) else { throw .signingCertificateMismatch }
        } else {
            throw .signingCertificateMismatch
        }
    }

    private func checkSignature(of signer: SignerInfo, certificate: Certificate) throws(TimeStampVerificationError) {
        let algorithm: Certificate.SignatureAlgorithm
        switch signer.signatureAlgorithm.algorithm {
        case TimeStampingOID.ecdsaWithSHA256: algorithm = .ecdsaWithSHA256
        case TimeStampingOID.ecdsaWithSHA384: algorithm = .ecdsaWithSHA384
        case TimeStampingOID.ecdsaWithSHA512: algorithm = .ecdsaWithSHA512
        default: throw .unsupportedAlgorithm(signer.signatureAlgorithm.algorithm)
        }
        guard let signed = try? signer.signedAttributesForSignature() else {
            throw .malformed("the signed attributes cannot be encoded")
        }
        guard certificate.publicKey.isValidSignature(signer.signature, for: signed, signatureAlgorithm: algorithm) else {
            throw .invalidSignature
        }
    }

    private func checkChain(of certificate: Certificate, intermediates: [Certificate], at time: Date) async throws(TimeStampVerificationError) {
        var verifier = Verifier(rootCertificates: CertificateStore(trustedRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: time)
            TimeStampingCertificatePolicy()
        }
        let result = await verifier.validate(leaf: certificate, intermediates: CertificateStore(intermediates))
        if case .couldNotValidate(let failures) = result {
            let reasons = failures.map { String(describing: $0.policyFailureReason) }
            throw .untrustedCertificate(reasons.isEmpty ? "no chain to a trusted root" : reasons.joined(separator: "; "))
        }
    }
}
