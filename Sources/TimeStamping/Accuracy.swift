import SwiftASN1

/// How far the `genTime` of a token may be from UTC (RFC 3161 §2.4.2).
///
/// ```asn1
/// Accuracy ::= SEQUENCE { seconds INTEGER OPTIONAL, millis [0] INTEGER (1..999) OPTIONAL,
///     micros [1] INTEGER (1..999) OPTIONAL }
/// ```
public struct Accuracy: DERImplicitlyTaggable, Hashable, Sendable {
    /// The accuracy's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// Whole seconds.
    public var seconds: Int?
    /// Milliseconds, 1...999.
    public var millis: Int?
    /// Microseconds, 1...999.
    public var micros: Int?

    /// Creates an accuracy.
    public init(seconds: Int? = nil, millis: Int? = nil, micros: Int? = nil) {
        self.seconds = seconds
        self.millis = millis
        self.micros = micros
    }

    /// Parses an accuracy from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let seconds: Int? = try DER.optionalImplicitlyTagged(&nodes)
            let millis: Int? = try DER.optionalImplicitlyTagged(&nodes, tag: Self.millisTag)
            let micros: Int? = try DER.optionalImplicitlyTagged(&nodes, tag: Self.microsTag)
            return Accuracy(seconds: seconds, millis: millis, micros: micros)
        }
    }

    /// Writes the accuracy as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serializeOptionalImplicitlyTagged(seconds)
            try coder.serializeOptionalImplicitlyTagged(millis, withIdentifier: Self.millisTag)
            try coder.serializeOptionalImplicitlyTagged(micros, withIdentifier: Self.microsTag)
        }
    }

    private static let millisTag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
    private static let microsTag = ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)
}
