import Foundation
import SwiftASN1
import TimeStamping
import X509

/// Makes the detached CMS `SignedData` that goes in a PDF signature's `/Contents`.
///
/// The CMS carries one digest algorithm, the signer's certificate and chain, and one version-1
/// `SignerInfo` named by issuer and serial number, whose signature covers the DER-sorted SET OF
/// signed attributes chosen by the ``PDFSignatureProfile``. With a time-stamper, the signer
/// also gets a `signatureTimeStampToken` unsigned attribute over the SHA-256 of its signature
/// value (PAdES B-T).
public struct CMSDetachedSigner: Sendable {
    /// Who signs.
    public let credentials: PDFSignatureCredentials
    /// Which signed attributes to write.
    public let profile: PDFSignatureProfile
    /// Where signature time-stamps come from; `nil` for none.
    public let timeStamper: (any SignatureTimeStamper)?
    /// The hash the content digest must be made with: SHA-384 for a P-384 key, SHA-256 otherwise.
    public var digestAlgorithm: DigestAlgorithm { algorithm.digestAlgorithm }

    /// The signature scheme the key dictates.
    private let algorithm: CMSSignatureAlgorithm

    /// Creates a signer; throws if the key is not RSA, P-256 or P-384.
    public init(
        credentials: PDFSignatureCredentials,
        profile: PDFSignatureProfile,
        timeStamper: (any SignatureTimeStamper)? = nil
    ) throws(CMSSignatureError) {
        self.credentials = credentials
        self.profile = profile
        self.timeStamper = timeStamper
        self.algorithm = try CMSSignatureAlgorithm(signingWith: credentials.privateKey)
    }

    /// Signs content and returns the DER of the CMS `ContentInfo`.
    ///
    /// - Parameters:
    ///   - contentDigest: The ``digestAlgorithm`` digest of the signed bytes (for a PDF, the two
    ///     `/ByteRange` ranges).
    ///   - signingTime: The time to claim; written as a signed attribute only by the
    ///     ``PDFSignatureProfile/pkcs7Detached`` profile.
    public func signature(forContentDigest contentDigest: [UInt8], signingTime: Date) async throws -> [UInt8] {
        guard contentDigest.count == digestAlgorithm.digestLength else {
            throw CMSSignatureError.wrongDigestLength(expected: digestAlgorithm.digestLength, actual: contentDigest.count)
        }
        var signer = try signedSignerInfo(contentDigest: contentDigest, signingTime: signingTime)
        if let timeStamper {
            let tokenDER = try await timeStamper.timeStampToken(forSHA256Digest: DigestAlgorithm.sha256.hash(signer.signature))
            let token = try ASN1Any(derEncoded: DER.parse(tokenDER))
            signer.unsignedAttrs = [CMSAttribute(attrType: CMSOID.signatureTimeStampTokenAttribute, attrValues: [token])]
        }
        let signedData = SignedData(
            version: 1,
            digestAlgorithms: [signer.digestAlgorithm],
            encapContentInfo: EncapsulatedContentInfo(eContentType: CMSOID.data, eContent: nil),
            certificates: [credentials.certificate] + credentials.chain,
            signerInfos: [signer]
        )
        var coder = DER.Serializer()
        try ContentInfo.serialize(signedData, into: &coder)
        return coder.serializedBytes
    }

    /// The signer info with its signed attributes and signature, before any time-stamp.
    private func signedSignerInfo(contentDigest: [UInt8], signingTime: Date) throws -> SignerInfo {
        let digestIdentifier = digestAlgorithm.algorithmIdentifier
        let signatureIdentifier = try algorithm.algorithmIdentifier
        var signer = SignerInfo(
            version: 1,
            sid: SignerIdentifier(credentials.certificate),
            digestAlgorithm: digestIdentifier,
            signedAttrs: try profile.signedAttributes(
                contentDigest: contentDigest,
                signingTime: signingTime,
                certificate: credentials.certificate,
                digestAlgorithm: digestIdentifier,
                signatureAlgorithm: signatureIdentifier
            ),
            signatureAlgorithm: signatureIdentifier,
            signature: []
        )
        guard let signedBytes = try signer.signedAttributesForSignature() else {
            throw CMSSignatureError.malformed("the signer info has no signed attributes")
        }
        signer.signature = ArraySlice(try algorithm.sign(signedBytes, with: credentials.privateKey))
        return signer
    }
}
