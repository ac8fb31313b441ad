import SwiftASN1
import X509

/// Writes the DER of an authority's granted `TimeStampResp`s.
///
/// What every token of one authority shares (its certificates, its signer's identifier, the
/// algorithms, the `contentType` and `signingCertificateV2` attributes, the granted status) is
/// encoded once, here. A token is then written front to back into one buffer: its lengths are
/// added up before it is written, so no nested content is encoded twice or moved when its
/// length turns out to need more than one byte.
///
/// The layout (RFC 3161 §2.4.2, RFC 5652 §5):
///
///     TimeStampResp ::= SEQUENCE { PKIStatusInfo granted, ContentInfo {
///       id-signedData, [0] EXPLICIT SignedData {
///         version 3, SET { sha256 }, EncapsulatedContentInfo { id-ct-TSTInfo, [0] EXPLICIT OCTET STRING tstInfo },
///         [0] IMPLICIT certificates (when asked for),
///         SET { SignerInfo { version 1, sid, sha256, [0] IMPLICIT signedAttrs, ecdsa-with-SHA256, OCTET STRING signature } } } } }
struct GrantedResponseWriter: Sendable {
    /// `PKIStatusInfo { granted }`.
    private let grantedStatus: [UInt8]
    /// The `id-signedData` OID.
    private let signedDataType: [UInt8]
    /// `SignedData`'s version, 3.
    private let signedDataVersion: [UInt8]
    /// `SET { sha256 }`.
    private let digestAlgorithms: [UInt8]
    /// The `id-ct-TSTInfo` OID.
    private let tstInfoType: [UInt8]
    /// `[0] IMPLICIT SET OF Certificate`: the TSA's certificate and its chain.
    private let certificates: [UInt8]
    /// `SignerInfo`'s version, its `sid` and its digest algorithm.
    private let signerHead: [UInt8]
    /// `SignerInfo`'s signature algorithm.
    private let signatureAlgorithm: [UInt8]
    /// The signed attributes that are the same in every token, each as DER.
    private let fixedAttributes: [[UInt8]]

    /// Encodes the parts that the tokens signed as `signer` share.
    init(certificates: [Certificate], signer: SignerIdentifier, fixedAttributes: [CMSAttribute]) throws {
        grantedStatus = try Self.der { try $0.serialize(PKIStatusInfo(status: .granted)) }
        signedDataType = try Self.der { try $0.serialize(TimeStampingOID.signedData) }
        signedDataVersion = try Self.der { try $0.serialize(3) }
        digestAlgorithms = try Self.der { try $0.serializeSetOf([AlgorithmIdentifier.sha256]) }
        tstInfoType = try Self.der { try $0.serialize(TimeStampingOID.tstInfo) }
        self.certificates = try Self.der {
            try $0.serializeSetOf(certificates, identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
        }
        signerHead = try Self.der { coder in
            try coder.serialize(1)
            try coder.serialize(signer)
            try coder.serialize(AlgorithmIdentifier.sha256)
        }
        signatureAlgorithm = try Self.der { try $0.serialize(AlgorithmIdentifier.ecdsaWithSHA256) }
        self.fixedAttributes = try fixedAttributes.map { attribute in try Self.der { try $0.serialize(attribute) } }
    }

    /// The bytes `write` writes.
    private static func der(_ write: (inout DER.Serializer) throws -> Void) throws -> [UInt8] {
        var coder = DER.Serializer()
        try write(&coder)
        return coder.serializedBytes
    }

    /// The granted response whose token is over `tstInfo` (a `TSTInfo`'s DER), with the
    /// certificates when `includeCertificates`.
    ///
    /// - Parameters:
    ///   - messageDigest: The token's `messageDigest` attribute: the SHA-256 of `tstInfo`.
    ///   - sign: Signs the DER of the signed attributes (as a `SET`), returning the signature's DER.
    func response(
        tstInfo: [UInt8], messageDigest: CMSAttribute, includeCertificates: Bool, sign: ([UInt8]) throws -> [UInt8]
    ) throws -> [UInt8] {
        var digestCoder = DER.Serializer()
        try digestCoder.serialize(messageDigest)
        // DER orders a SET OF by its elements' encodings.
        let attributes = (fixedAttributes + [digestCoder.serializedBytes]).sorted { $0.lexicographicallyPrecedes($1) }
        let attributesLength = attributes.reduce(0) { $0 + $1.count }
        var signedAttributes = [UInt8]()
        signedAttributes.reserveCapacity(Self.nodeLength(attributesLength))
        Self.appendHeader(0x31, length: attributesLength, to: &signedAttributes)
        for attribute in attributes { signedAttributes += attribute }
        let signature = try sign(signedAttributes)

        let signerInfo = signerHead.count + signedAttributes.count + signatureAlgorithm.count + Self.nodeLength(signature.count)
        let signerInfos = Self.nodeLength(signerInfo)
        let eContent = Self.nodeLength(Self.nodeLength(tstInfo.count))
        let encapsulated = tstInfoType.count + eContent
        let signedData =
            signedDataVersion.count + digestAlgorithms.count + Self.nodeLength(encapsulated)
            + (includeCertificates ? certificates.count : 0) + Self.nodeLength(signerInfos)
        let contentInfo = signedDataType.count + Self.nodeLength(Self.nodeLength(signedData))
        let response = grantedStatus.count + Self.nodeLength(contentInfo)

        var out = [UInt8]()
        out.reserveCapacity(Self.nodeLength(response))
        Self.appendHeader(0x30, length: response, to: &out)
        out += grantedStatus
        Self.appendHeader(0x30, length: contentInfo, to: &out)
        out += signedDataType
        Self.appendHeader(0xA0, length: Self.nodeLength(signedData), to: &out)
        Self.appendHeader(0x30, length: signedData, to: &out)
        out += signedDataVersion
        out += digestAlgorithms
        Self.appendHeader(0x30, length: encapsulated, to: &out)
        out += tstInfoType
        Self.appendHeader(0xA0, length: Self.nodeLength(tstInfo.count), to: &out)
        Self.appendHeader(0x04, length: tstInfo.count, to: &out)
        out += tstInfo
        if includeCertificates { out += certificates }
        Self.appendHeader(0x31, length: signerInfos, to: &out)
        Self.appendHeader(0x30, length: signerInfo, to: &out)
        out += signerHead
        // The same SET, tagged [0] IMPLICIT.
        out.append(0xA0)
        out += signedAttributes.dropFirst()
        out += signatureAlgorithm
        Self.appendHeader(0x04, length: signature.count, to: &out)
        out += signature
        return out
    }

    /// The length of a node (tag, length and content) whose content has `contentLength` bytes.
    private static func nodeLength(_ contentLength: Int) -> Int {
        1 + lengthOctets(contentLength) + contentLength
    }

    /// How many bytes DER's definite length `length` takes.
    private static func lengthOctets(_ length: Int) -> Int {
        guard length >= 0x80 else { return 1 }
        return 1 + (Int.bitWidth - length.leadingZeroBitCount + 7) / 8
    }

    /// Appends the tag byte `tag` and the DER length `length`.
    private static func appendHeader(_ tag: UInt8, length: Int, to bytes: inout [UInt8]) {
        bytes.append(tag)
        guard length >= 0x80 else { return bytes.append(UInt8(length)) }
        let octets = lengthOctets(length) - 1
        bytes.append(0x80 | UInt8(octets))
        for shift in stride(from: (octets - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: length >> shift))
        }
    }
}
