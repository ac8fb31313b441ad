import Foundation
import SwiftASN1
import TimeStamping
import X509

/// Verifies detached CMS signatures, ours and other producers' (pyHanko, OpenSSL `cms -sign`),
/// and reports each check separately.
///
/// Supported: SHA-256/384/512 digests; RSA PKCS #1 v1.5 (`rsaEncryption` or
/// `shaNNNWithRSAEncryption`), RSA-PSS with MGF1 over the same hash and a digest-length salt,
/// and ECDSA; signers named by issuer and serial number or by subject key identifier; signed
/// attributes present or absent. Only the certificates inside the CMS are searched for the signer.
public struct CMSSignatureVerifier: Sendable {
    /// The roots a signer's certificate must chain to.
    public var trustedRoots: [Certificate]
    /// The roots a signature time-stamp's TSA certificate must chain to.
    public var timeStampRoots: [Certificate]

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - trustedRoots: The trust anchors for signer certificates; with none, no chain is trusted.
    ///   - timeStampRoots: The trust anchors for TSA certificates; with none, no time-stamp is trusted.
    public init(trustedRoots: [Certificate], timeStampRoots: [Certificate] = []) {
        self.trustedRoots = trustedRoots
        self.timeStampRoots = timeStampRoots
    }

    /// Verifies a detached signature.
    ///
    /// - Parameters:
    ///   - signatureDER: The DER of the CMS `ContentInfo`, optionally followed by zero bytes (for a
    ///     PDF, the decoded `/Contents` as it is, padding included).
    ///   - content: The signed content or its digest.
    ///   - claimedSigningTime: A signing time from outside the CMS, such as a PDF's `/M`, used for
    ///     the chain check when the CMS has neither a verified time-stamp nor a signing-time attribute.
    ///   - now: The time used when nothing else gives one.
    /// - Returns: The result of every check.
    /// - Throws: ``CMSSignatureError/malformed(_:)`` if the bytes are not a detached `SignedData`
    ///   with one signer followed only by zeros; every other problem is reported in the result.
    public func verify(
        signatureDER: [UInt8],
        content: DetachedContent,
        claimedSigningTime: Date? = nil,
        now: Date = Date()
    ) async throws -> CMSVerificationResult {
        let parsed = try DetachedSignedData(der: signatureDER)
        let digestAlgorithm = DigestAlgorithm(oid: parsed.signer.digestAlgorithm.algorithm)
        let signature = checkSignature(of: parsed, digestAlgorithm: digestAlgorithm, content: content)
        let digest = checkDigest(of: parsed, digestAlgorithm: digestAlgorithm, content: content, signature: signature)
        let signingTime = parsed.signedAttribute(CMSOID.signingTimeAttribute).flatMap { try? SigningTime(asn1Any: $0).date }
        let timeStamp = await checkTimeStamp(of: parsed)
        let trustedTimeStampTime = timeStamp?.verification.isPassed == true ? timeStamp?.time : nil
        let validationTime = trustedTimeStampTime ?? signingTime ?? claimedSigningTime ?? now
        let chain: CMSCheck
        if let signerCertificate = parsed.signerCertificate {
            chain = await checkChain(of: signerCertificate, intermediates: parsed.certificates, at: validationTime)
        } else {
            chain = .failed("the signer's certificate is not in the CMS")
        }
        return CMSVerificationResult(
            digest: digest,
            signature: signature,
            chain: chain,
            signer: parsed.signerCertificate,
            certificates: parsed.certificates,
            digestAlgorithm: digestAlgorithm,
            signingTime: signingTime,
            validationTime: validationTime,
            timeStamp: timeStamp
        )
    }

    /// Checks that the signed attributes describe `content`; without signed attributes, the
    /// signature check already compared the content.
    private func checkDigest(
        of parsed: DetachedSignedData,
        digestAlgorithm: DigestAlgorithm?,
        content: DetachedContent,
        signature: CMSCheck
    ) -> CMSCheck {
        guard let digestAlgorithm else {
            return .failed("unsupported digest algorithm \(parsed.signer.digestAlgorithm.algorithm)")
        }
        guard parsed.signer.signedAttrs != nil else {
            return signature.isPassed ? .passed : .failed("without signed attributes, only a valid signature over the content shows it matches")
        }
        let contentType = parsed.signedData.encapContentInfo.eContentType
        guard let typeValue = parsed.signedAttribute(TimeStampingOID.contentTypeAttribute),
            (try? ASN1ObjectIdentifier(asn1Any: typeValue)) == contentType
        else {
            return .failed("the contentType attribute is missing or is not \(contentType)")
        }
        guard let digestValue = parsed.signedAttribute(TimeStampingOID.messageDigestAttribute),
            let claimed = try? ASN1OctetString(asn1Any: digestValue)
        else {
            return .failed("the messageDigest attribute is missing or malformed")
        }
        let actual: [UInt8]?
        do {
            actual = try content.digest(digestAlgorithm)
        } catch {
            return .failed("the content could not be hashed: \(error)")
        }
        guard let actual else {
            return .failed("the content's \(digestAlgorithm.rawValue) digest is needed but was not given")
        }
        return claimed.bytes.elementsEqual(actual) ? .passed : .failed("the messageDigest attribute does not match the content")
    }

    /// Checks the signature with the signer certificate's key, then the signed attributes that
    /// bind the signature to that certificate and to its algorithms.
    private func checkSignature(of parsed: DetachedSignedData, digestAlgorithm: DigestAlgorithm?, content: DetachedContent) -> CMSCheck {
        guard let certificate = parsed.signerCertificate else {
            return .failed("the signer's certificate is not in the CMS")
        }
        guard let digestAlgorithm else {
            return .failed("unsupported digest algorithm \(parsed.signer.digestAlgorithm.algorithm)")
        }
        let algorithm: CMSSignatureAlgorithm
        do {
            algorithm = try CMSSignatureAlgorithm(signatureAlgorithm: parsed.signer.signatureAlgorithm, digestAlgorithm: digestAlgorithm)
        } catch {
            return .failed(error.description)
        }
        guard let signedAttributes = try? parsed.signer.signedAttributesForSignature() ?? content.bytes else {
            return .failed("the signature covers the content itself (no signed attributes), whose bytes were not given")
        }
        guard algorithm.isValidSignature(parsed.signer.signature, for: signedAttributes, publicKey: certificate.publicKey) else {
            return .failed("the signature does not verify with the signer certificate's key")
        }
        if let problem = signingCertificateProblem(of: parsed, certificate: certificate) {
            return .failed(problem)
        }
        if let problem = algorithmProtectionProblem(of: parsed) {
            return .failed(problem)
        }
        return .passed
    }

    /// What is wrong with the `signingCertificateV2` attribute, if present: it must name the
    /// signer's certificate first.
    private func signingCertificateProblem(of parsed: DetachedSignedData, certificate: Certificate) -> String? {
        guard let value = parsed.signedAttribute(TimeStampingOID.signingCertificateV2Attribute) else { return nil }
        guard let first = (try? SigningCertificateV2(asn1Any: value))?.certs.first else {
            return "the signingCertificateV2 attribute is malformed"
        }
        guard let hash = DigestAlgorithm(oid: first.hashAlgorithm.algorithm) else {
            return "the signingCertificateV2 attribute uses unsupported hash \(first.hashAlgorithm.algorithm)"
        }
        var coder = DER.Serializer()
        guard (try? coder.serialize(certificate)) != nil, first.certHash.elementsEqual(hash.hash(coder.serializedBytes)) else {
            return "the signingCertificateV2 attribute names another certificate"
        }
        return nil
    }

    /// What is wrong with the `CMSAlgorithmProtection` attribute, if present: it must repeat the
    /// signer's digest and signature algorithms.
    private func algorithmProtectionProblem(of parsed: DetachedSignedData) -> String? {
        guard let value = parsed.signedAttribute(CMSOID.algorithmProtectionAttribute) else { return nil }
        guard let protection = try? CMSAlgorithmProtection(asn1Any: value) else {
            return "the CMSAlgorithmProtection attribute is malformed"
        }
        guard protection.digestAlgorithm.algorithm == parsed.signer.digestAlgorithm.algorithm,
            protection.signatureAlgorithm?.algorithm == parsed.signer.signatureAlgorithm.algorithm
        else {
            return "the CMSAlgorithmProtection attribute names other algorithms than the signer uses"
        }
        return nil
    }
}
