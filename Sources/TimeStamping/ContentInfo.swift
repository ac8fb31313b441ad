import SwiftASN1

/// The outer CMS wrapper (RFC 5652 §3); a time-stamp token is a `ContentInfo` of type
/// `id-signedData`.
///
/// ```asn1
/// ContentInfo ::= SEQUENCE { contentType ContentType, content [0] EXPLICIT ANY DEFINED BY contentType }
/// ```
public struct ContentInfo: DERImplicitlyTaggable, Hashable, Sendable {
    /// The wrapper's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// What `content` is.
    public var contentType: ASN1ObjectIdentifier
    /// The content, still encoded.
    public var content: ASN1Any

    /// Creates a wrapper from a content type and its encoded content.
    public init(contentType: ASN1ObjectIdentifier, content: ASN1Any) {
        self.contentType = contentType
        self.content = content
    }

    /// Wraps signed data.
    public init(_ signedData: SignedData) throws {
        self.init(contentType: TimeStampingOID.signedData, content: try ASN1Any(erasing: signedData))
    }

    /// Writes the wrapper of `signedData` as DER straight from it: the same bytes as
    /// serializing `ContentInfo(signedData)`, without encoding the content apart first.
    public static func serialize(_ signedData: SignedData, into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: defaultIdentifier) { coder in
            try coder.serialize(TimeStampingOID.signedData)
            try coder.serialize(signedData, explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific)
        }
    }

    /// Parses a wrapper from DER bytes; throws on anything that is not one.
    public init(derEncoded bytes: some Collection<UInt8>) throws {
        try self.init(derEncoded: DER.parse(Array(bytes)))
    }

    /// Parses a wrapper from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let type = try ASN1ObjectIdentifier(derEncoded: &nodes)
            let content = try DER.explicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                ASN1Any(derEncoded: $0)
            }
            return ContentInfo(contentType: type, content: content)
        }
    }

    /// Writes the wrapper as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(contentType)
            try coder.serialize(content, explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific)
        }
    }

    /// The content as `SignedData`; throws unless the content type is `id-signedData` and the
    /// content parses.
    public func signedData() throws -> SignedData {
        guard contentType == TimeStampingOID.signedData else {
            throw ASN1Error.invalidASN1Object(reason: "content type \(contentType) is not id-signedData")
        }
        return try SignedData(asn1Any: content)
    }
}
