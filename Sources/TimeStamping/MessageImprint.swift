import SwiftASN1

/// The hash of the time-stamped data and the algorithm that produced it (RFC 3161 §2.4.1).
///
/// ```asn1
/// MessageImprint ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier, hashedMessage OCTET STRING }
/// ```
public struct MessageImprint: DERImplicitlyTaggable, Hashable, Sendable {
    /// The imprint's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The hash algorithm.
    public var hashAlgorithm: AlgorithmIdentifier
    /// The hash of the data.
    public var hashedMessage: ArraySlice<UInt8>

    /// Creates an imprint from an algorithm identifier and a digest.
    public init(hashAlgorithm: AlgorithmIdentifier, hashedMessage: ArraySlice<UInt8>) {
        self.hashAlgorithm = hashAlgorithm
        self.hashedMessage = hashedMessage
    }

    /// Creates an imprint from one of the supported algorithms and a digest.
    public init(_ algorithm: DigestAlgorithm, digest: some Sequence<UInt8>) {
        self.init(hashAlgorithm: algorithm.algorithmIdentifier, hashedMessage: ArraySlice(digest))
    }

    /// Parses an imprint from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let algorithm = try AlgorithmIdentifier(derEncoded: &nodes)
            let hashed = try ASN1OctetString(derEncoded: &nodes)
            return MessageImprint(hashAlgorithm: algorithm, hashedMessage: hashed.bytes)
        }
    }

    /// Writes the imprint as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(hashAlgorithm)
            try coder.serialize(ASN1OctetString(contentBytes: hashedMessage))
        }
    }
}
