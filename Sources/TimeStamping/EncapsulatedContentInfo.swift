import SwiftASN1

/// The signed content inside `SignedData` (RFC 5652 §5.2); for a token, the DER of a `TSTInfo`.
///
/// ```asn1
/// EncapsulatedContentInfo ::= SEQUENCE { eContentType ContentType,
///     eContent [0] EXPLICIT OCTET STRING OPTIONAL }
/// ```
public struct EncapsulatedContentInfo: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// What `eContent` is.
    public var eContentType: ASN1ObjectIdentifier
    /// The content bytes; absent for detached signatures.
    public var eContent: ArraySlice<UInt8>?

    /// Creates the structure.
    public init(eContentType: ASN1ObjectIdentifier, eContent: ArraySlice<UInt8>?) {
        self.eContentType = eContentType
        self.eContent = eContent
    }

    /// Parses the structure from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let type = try ASN1ObjectIdentifier(derEncoded: &nodes)
            let content = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                try ASN1OctetString(derEncoded: $0).bytes
            }
            return EncapsulatedContentInfo(eContentType: type, eContent: content)
        }
    }

    /// Writes the structure as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(eContentType)
            if let eContent {
                try coder.serialize(ASN1OctetString(contentBytes: eContent), explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific)
            }
        }
    }
}
