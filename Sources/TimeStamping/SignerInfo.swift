import SwiftASN1

/// One signature over CMS content (RFC 5652 §5.3).
///
/// ```asn1
/// SignerInfo ::= SEQUENCE { version CMSVersion, sid SignerIdentifier,
///     digestAlgorithm DigestAlgorithmIdentifier, signedAttrs [0] IMPLICIT SignedAttributes OPTIONAL,
///     signatureAlgorithm SignatureAlgorithmIdentifier, signature SignatureValue,
///     unsignedAttrs [1] IMPLICIT UnsignedAttributes OPTIONAL }
/// ```
///
/// The signer is named by issuer and serial number (version 1) or by subject key identifier
/// (version 3).
public struct SignerInfo: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The syntax version: 1 for an issuer-and-serial-number signer, 3 for a subject-key-identifier one.
    public var version: Int
    /// The signer's certificate.
    public var sid: SignerIdentifier
    /// The hash applied to the content and, with the signature algorithm, to the signed attributes.
    public var digestAlgorithm: AlgorithmIdentifier
    /// The attributes covered by the signature.
    public var signedAttrs: [CMSAttribute]?
    /// The signature algorithm.
    public var signatureAlgorithm: AlgorithmIdentifier
    /// The signature; for ECDSA, the DER of `ECDSA-Sig-Value`.
    public var signature: ArraySlice<UInt8>
    /// Attributes outside the signature.
    public var unsignedAttrs: [CMSAttribute]?

    /// The signed attributes exactly as they were received, kept because the signature covers
    /// these bytes, which need not be the DER this type would write.
    private var receivedSignedAttrs: ArraySlice<UInt8>?

    /// Creates a signer info.
    public init(
        version: Int = 1,
        sid: SignerIdentifier,
        digestAlgorithm: AlgorithmIdentifier,
        signedAttrs: [CMSAttribute]?,
        signatureAlgorithm: AlgorithmIdentifier,
        signature: ArraySlice<UInt8>,
        unsignedAttrs: [CMSAttribute]? = nil
    ) {
        self.version = version
        self.sid = sid
        self.digestAlgorithm = digestAlgorithm
        self.signedAttrs = signedAttrs
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
        self.unsignedAttrs = unsignedAttrs
    }

    /// Parses a signer info from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let version = try Int(derEncoded: &nodes)
            guard let sidNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "SignerInfo has no sid")
            }
            let sid = try SignerIdentifier(derEncoded: sidNode)
            let digestAlgorithm = try AlgorithmIdentifier(derEncoded: &nodes)
            let signedNode = DER.optionalImplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { $0 }
            let signed = try signedNode.map { try DER.set(of: CMSAttribute.self, identifier: $0.identifier, rootNode: $0) }
            let signatureAlgorithm = try AlgorithmIdentifier(derEncoded: &nodes)
            let signature = try ASN1OctetString(derEncoded: &nodes).bytes
            let unsigned = try DER.optionalImplicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) {
                try DER.set(of: CMSAttribute.self, identifier: $0.identifier, rootNode: $0)
            }
            var info = SignerInfo(
                version: version, sid: sid, digestAlgorithm: digestAlgorithm, signedAttrs: signed,
                signatureAlgorithm: signatureAlgorithm, signature: signature, unsignedAttrs: unsigned
            )
            info.receivedSignedAttrs = signedNode?.encodedBytes
            return info
        }
    }

    /// Writes the signer info as DER. Attributes that came from parsing are written as received.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(version)
            try coder.serialize(sid)
            try coder.serialize(digestAlgorithm)
            if let receivedSignedAttrs {
                coder.serializeRawBytes(receivedSignedAttrs)
            } else if let signedAttrs {
                try coder.serializeSetOf(signedAttrs, identifier: Self.signedAttrsTag)
            }
            try coder.serialize(signatureAlgorithm)
            try coder.serialize(ASN1OctetString(contentBytes: signature))
            if let unsignedAttrs {
                try coder.serializeSetOf(unsignedAttrs, identifier: ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific))
            }
        }
    }

    /// The bytes the signature covers (RFC 5652 §5.4): the signed attributes encoded as a
    /// universal SET (tag 0x31) rather than with their `[0]` tag; `nil` without signed attributes.
    public func signedAttributesForSignature() throws -> [UInt8]? {
        if var received = receivedSignedAttrs.map(Array.init), !received.isEmpty {
            received[0] = 0x31
            return received
        }
        guard let signedAttrs else { return nil }
        return try Self.signatureInput(for: signedAttrs)
    }

    /// The DER SET OF `attributes`, sorted: what a signer signs.
    static func signatureInput(for attributes: [CMSAttribute]) throws -> [UInt8] {
        var coder = DER.Serializer()
        try coder.serializeSetOf(attributes, identifier: .set)
        return coder.serializedBytes
    }

    /// The values of the signed attribute of `type`; empty when it is absent.
    public func signedAttributeValues(_ type: ASN1ObjectIdentifier) -> [ASN1Any] {
        signedAttrs?.filter { $0.attrType == type }.flatMap(\.attrValues) ?? []
    }

    private static let signedAttrsTag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
}
