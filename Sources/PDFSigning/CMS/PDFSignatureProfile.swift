import Foundation
import SwiftASN1
import TimeStamping
import X509

/// Which kind of PDF signature a CMS is made for; it decides the signed attributes.
public enum PDFSignatureProfile: String, Sendable, CaseIterable {
    /// The classic PDF signature (ISO 32000-1 §12.8.3.3): content type, signing time,
    /// CMS algorithm protection, message digest and signing certificate v2.
    case pkcs7Detached
    /// PAdES baseline B-B (ETSI EN 319 142-1): content type, message digest and signing
    /// certificate v2. The signing time must not be signed; it goes in the signature
    /// dictionary's `/M` instead.
    case padesBaselineB

    /// The `/SubFilter` name of the signature dictionary.
    public var subFilter: String {
        switch self {
        case .pkcs7Detached: "adbe.pkcs7.detached"
        case .padesBaselineB: "ETSI.CAdES.detached"
        }
    }

    /// The signed attributes for a signature by `certificate` over content whose digest is
    /// `contentDigest`, in no particular order (the signer sorts them).
    func signedAttributes(
        contentDigest: [UInt8],
        signingTime: Date,
        certificate: Certificate,
        digestAlgorithm: AlgorithmIdentifier,
        signatureAlgorithm: AlgorithmIdentifier
    ) throws -> [CMSAttribute] {
        var certificateCoder = DER.Serializer()
        try certificateCoder.serialize(certificate)
        let certificateID = ESSCertIDv2(certHash: ArraySlice(DigestAlgorithm.sha256.hash(certificateCoder.serializedBytes)))

        var attributes = [
            try CMSAttribute(TimeStampingOID.contentTypeAttribute, value: CMSOID.data),
            try CMSAttribute(TimeStampingOID.messageDigestAttribute, value: ASN1OctetString(contentBytes: ArraySlice(contentDigest))),
            try CMSAttribute(TimeStampingOID.signingCertificateV2Attribute, value: SigningCertificateV2(certs: [certificateID])),
        ]
        if self == .pkcs7Detached {
            attributes.append(try CMSAttribute(CMSOID.signingTimeAttribute, value: SigningTime(signingTime)))
            attributes.append(
                try CMSAttribute(
                    CMSOID.algorithmProtectionAttribute,
                    value: CMSAlgorithmProtection(digestAlgorithm: digestAlgorithm, signatureAlgorithm: signatureAlgorithm)
                )
            )
        }
        return attributes
    }
}
