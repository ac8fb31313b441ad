import SwiftASN1

/// A TSA's reply (RFC 3161 §2.4.2), sent with `Content-Type: application/timestamp-reply`.
///
/// ```asn1
/// TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken TimeStampToken OPTIONAL }
/// TimeStampToken ::= ContentInfo  -- id-signedData around an id-ct-TSTInfo
/// ```
public struct TimeStampResp: DERImplicitlyTaggable, Hashable, Sendable {
    /// The response's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// Whether a token was issued, and if not, why.
    public var status: PKIStatusInfo
    /// The token, present when the status is granted.
    public var timeStampToken: ContentInfo?

    /// Creates a response.
    public init(status: PKIStatusInfo, timeStampToken: ContentInfo? = nil) {
        self.status = status
        self.timeStampToken = timeStampToken
    }

    /// Parses a response from DER bytes; throws on anything that is not one.
    public init(derEncoded bytes: some Collection<UInt8>) throws {
        try self.init(derEncoded: DER.parse(Array(bytes)))
    }

    /// Parses a response from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let status = try PKIStatusInfo(derEncoded: &nodes)
            let token: ContentInfo? = try DER.optionalImplicitlyTagged(&nodes)
            return TimeStampResp(status: status, timeStampToken: token)
        }
    }

    /// Writes the response as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(status)
            try coder.serializeOptionalImplicitlyTagged(timeStampToken)
        }
    }
}
