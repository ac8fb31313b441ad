import SwiftASN1
import TimeStamping
import X509

/// A detached CMS `SignedData` with one signer, parsed from untrusted DER: the part of
/// verification that can fail outright.
struct DetachedSignedData {
    /// The signed data.
    let signedData: SignedData
    /// Its only signer.
    let signer: SignerInfo
    /// The certificates it carries.
    let certificates: [Certificate]
    /// The carried certificate the signer names, if any.
    let signerCertificate: Certificate?

    /// Parses `der`; throws ``CMSSignatureError/malformed(_:)`` unless it is a `ContentInfo`
    /// of detached `SignedData` with exactly one signer, followed by nothing but zero bytes
    /// (the padding of a PDF's `/Contents`).
    init(der: [UInt8]) throws {
        guard let length = derElementLength(der), length <= der.count, der[length...].allSatisfy({ $0 == 0 }) else {
            throw CMSSignatureError.malformed("not a DER element followed only by zero padding")
        }
        let signedData: SignedData
        do {
            signedData = try ContentInfo(derEncoded: der[..<length]).signedData()
        } catch {
            throw CMSSignatureError.malformed("not a CMS SignedData: \(error)")
        }
        guard signedData.encapContentInfo.eContent == nil else {
            throw CMSSignatureError.malformed("the content is attached, a PDF signature is detached")
        }
        guard signedData.signerInfos.count == 1, let signer = signedData.signerInfos.first else {
            throw CMSSignatureError.malformed("expected one signer, found \(signedData.signerInfos.count)")
        }
        self.signedData = signedData
        self.signer = signer
        self.certificates = signedData.certificates ?? []
        self.signerCertificate = certificates.first(where: signer.sid.identifies)
    }

    /// The value of the signed attribute `type`; `nil` unless it has exactly one value.
    func signedAttribute(_ type: ASN1ObjectIdentifier) -> ASN1Any? {
        let values = signer.signedAttributeValues(type)
        return values.count == 1 ? values[0] : nil
    }

    /// The values of the unsigned attribute `type`.
    func unsignedAttributeValues(_ type: ASN1ObjectIdentifier) -> [ASN1Any] {
        signer.unsignedAttrs?.filter { $0.attrType == type }.flatMap(\.attrValues) ?? []
    }
}
