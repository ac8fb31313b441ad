import SwiftASN1
import X509

/// A request for a time-stamp token (RFC 3161 §2.4.1), as sent with
/// `Content-Type: application/timestamp-query`.
///
/// ```asn1
/// TimeStampReq ::= SEQUENCE { version INTEGER { v1(1) }, messageImprint MessageImprint,
///     reqPolicy TSAPolicyId OPTIONAL, nonce INTEGER OPTIONAL, certReq BOOLEAN DEFAULT FALSE,
///     extensions [0] IMPLICIT Extensions OPTIONAL }
/// ```
public struct TimeStampReq: DERImplicitlyTaggable, Hashable, Sendable {
    /// The request's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The syntax version; 1 is the only one defined.
    public var version: Int
    /// The hash of the data to time-stamp.
    public var messageImprint: MessageImprint
    /// The policy under which the client wants the token issued, if it cares.
    public var reqPolicy: ASN1ObjectIdentifier?
    /// A large random number the token must echo, as unsigned big-endian bytes without leading zeros.
    public var nonce: ArraySlice<UInt8>?
    /// Whether the token must carry the TSA's certificate.
    public var certReq: Bool
    /// Request extensions; none are defined by RFC 3161.
    public var extensions: [Certificate.Extension]?

    /// Creates a request.
    public init(
        version: Int = 1,
        messageImprint: MessageImprint,
        reqPolicy: ASN1ObjectIdentifier? = nil,
        nonce: ArraySlice<UInt8>? = nil,
        certReq: Bool = false,
        extensions: [Certificate.Extension]? = nil
    ) {
        self.version = version
        self.messageImprint = messageImprint
        self.reqPolicy = reqPolicy
        self.nonce = nonce
        self.certReq = certReq
        self.extensions = extensions
    }

    /// Parses a request from DER bytes; throws on anything that is not one.
    public init(derEncoded bytes: some Collection<UInt8>) throws {
        try self.init(derEncoded: DER.parse(Array(bytes)))
    }

    /// Parses a request from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let version = try Int(derEncoded: &nodes)
            let imprint = try MessageImprint(derEncoded: &nodes)
            let policy: ASN1ObjectIdentifier? = try DER.optionalImplicitlyTagged(&nodes)
            let nonce: ArraySlice<UInt8>? = try DER.optionalImplicitlyTagged(&nodes, tag: .integer)
            let certReq = try DER.decodeDefault(&nodes, defaultValue: false)
            let extensions = try DER.optionalImplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                try DER.sequence(of: Certificate.Extension.self, identifier: $0.identifier, rootNode: $0)
            }
            return TimeStampReq(
                version: version, messageImprint: imprint, reqPolicy: policy, nonce: nonce,
                certReq: certReq, extensions: extensions
            )
        }
    }

    /// Writes the request as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(version)
            try coder.serialize(messageImprint)
            try coder.serializeOptionalImplicitlyTagged(reqPolicy)
            try coder.serializeOptionalImplicitlyTagged(nonce)
            if certReq {
                try coder.serialize(certReq)
            }
            if let extensions {
                try coder.serializeSequenceOf(extensions, identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
            }
        }
    }
}
