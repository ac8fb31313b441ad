import SwiftASN1

/// A signed or unsigned attribute of a `SignerInfo` (RFC 5652 §5.3).
///
/// ```asn1
/// Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF AttributeValue }
/// ```
public struct CMSAttribute: DERImplicitlyTaggable, Hashable, Sendable {
    /// The attribute's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// What the attribute is.
    public var attrType: ASN1ObjectIdentifier
    /// Its values, still encoded; the attributes used here have exactly one.
    public var attrValues: [ASN1Any]

    /// Creates an attribute.
    public init(attrType: ASN1ObjectIdentifier, attrValues: [ASN1Any]) {
        self.attrType = attrType
        self.attrValues = attrValues
    }

    /// Creates an attribute with a single value.
    public init(_ type: ASN1ObjectIdentifier, value: some DERSerializable) throws {
        self.init(attrType: type, attrValues: [try ASN1Any(erasing: value)])
    }

    /// Parses an attribute from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let type = try ASN1ObjectIdentifier(derEncoded: &nodes)
            guard let valuesNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "attribute \(type) has no values")
            }
            let values = try DER.set(of: ASN1Any.self, identifier: .set, rootNode: valuesNode)
            return CMSAttribute(attrType: type, attrValues: values)
        }
    }

    /// Writes the attribute as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(attrType)
            try coder.serializeSetOf(attrValues)
        }
    }
}
