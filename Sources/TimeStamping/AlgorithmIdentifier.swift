import SwiftASN1

/// An X.509 / CMS `AlgorithmIdentifier` (RFC 5280 §4.1.1.2).
///
/// ```asn1
/// AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }
/// ```
///
/// swift-certificates has the same structure, but keeps it internal.
public struct AlgorithmIdentifier: DERImplicitlyTaggable, Hashable, Sendable {
    /// The identifier's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The algorithm's object identifier.
    public var algorithm: ASN1ObjectIdentifier
    /// The algorithm's parameters, if any. SHA-2 and ECDSA identifiers omit them (RFC 5754,
    /// RFC 5758), though some encoders write an explicit NULL.
    public var parameters: ASN1Any?

    /// Creates an identifier from an algorithm and its optional parameters.
    public init(algorithm: ASN1ObjectIdentifier, parameters: ASN1Any? = nil) {
        self.algorithm = algorithm
        self.parameters = parameters
    }

    /// Parses an identifier from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let algorithm = try ASN1ObjectIdentifier(derEncoded: &nodes)
            let parameters = nodes.next().map { ASN1Any(derEncoded: $0) }
            return AlgorithmIdentifier(algorithm: algorithm, parameters: parameters)
        }
    }

    /// Writes the identifier as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(algorithm)
            if let parameters {
                try coder.serialize(parameters)
            }
        }
    }

    /// SHA-256 without parameters.
    public static let sha256 = AlgorithmIdentifier(algorithm: TimeStampingOID.sha256)
    /// ECDSA with SHA-256, without parameters.
    public static let ecdsaWithSHA256 = AlgorithmIdentifier(algorithm: TimeStampingOID.ecdsaWithSHA256)
}
