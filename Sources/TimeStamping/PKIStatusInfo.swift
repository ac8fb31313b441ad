import SwiftASN1

/// The status part of a time-stamp response (RFC 3161 §2.4.2).
///
/// ```asn1
/// PKIStatusInfo ::= SEQUENCE { status PKIStatus, statusString PKIFreeText OPTIONAL,
///     failInfo PKIFailureInfo OPTIONAL }
/// PKIFreeText ::= SEQUENCE SIZE (1..MAX) OF UTF8String
/// ```
public struct PKIStatusInfo: DERImplicitlyTaggable, Hashable, Sendable {
    /// The status's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// Whether a token was issued.
    public var status: PKIStatus
    /// Human-readable explanations.
    public var statusString: [String]?
    /// Why the request was rejected.
    public var failInfo: PKIFailureInfo?

    /// Creates a status.
    public init(status: PKIStatus, statusString: [String]? = nil, failInfo: PKIFailureInfo? = nil) {
        self.status = status
        self.statusString = statusString
        self.failInfo = failInfo
    }

    /// Parses a status from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let status = try Int(derEncoded: &nodes)
            let text = try DER.optionalImplicitlyTagged(&nodes, tagNumber: ASN1Identifier.sequence.tagNumber, tagClass: .universal) {
                try DER.sequence(of: ASN1UTF8String.self, identifier: .sequence, rootNode: $0).map(String.init)
            }
            let failBits: ASN1BitString? = try DER.optionalImplicitlyTagged(&nodes)
            return PKIStatusInfo(status: PKIStatus(rawValue: status), statusString: text, failInfo: failBits.map(PKIFailureInfo.init(bitString:)))
        }
    }

    /// Writes the status as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(status.rawValue)
            if let statusString {
                try coder.serializeSequenceOf(statusString.map { ASN1UTF8String($0) })
            }
            try coder.serializeOptionalImplicitlyTagged(failInfo?.bitString)
        }
    }
}
