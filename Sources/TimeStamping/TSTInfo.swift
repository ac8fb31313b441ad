import Foundation
import SwiftASN1
import X509

/// The statement a TSA signs: this imprint existed at this time (RFC 3161 §2.4.2).
///
/// ```asn1
/// TSTInfo ::= SEQUENCE { version INTEGER { v1(1) }, policy TSAPolicyId, messageImprint MessageImprint,
///     serialNumber INTEGER, genTime GeneralizedTime, accuracy Accuracy OPTIONAL,
///     ordering BOOLEAN DEFAULT FALSE, nonce INTEGER OPTIONAL, tsa [0] GeneralName OPTIONAL,
///     extensions [1] IMPLICIT Extensions OPTIONAL }
/// ```
///
/// `tsa` is a CHOICE, so its `[0]` tag is explicit even though the module uses implicit tags.
public struct TSTInfo: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The syntax version; 1 is the only one defined.
    public var version: Int
    /// The TSA policy under which the token was issued.
    public var policy: ASN1ObjectIdentifier
    /// The imprint from the request, unchanged.
    public var messageImprint: MessageImprint
    /// A number unique among this TSA's tokens, as unsigned big-endian bytes without leading zeros.
    public var serialNumber: ArraySlice<UInt8>
    /// When the token was created, in UTC, optionally with fractional seconds.
    public var genTime: GeneralizedTime
    /// How far `genTime` may be from UTC.
    public var accuracy: Accuracy?
    /// Whether tokens of this TSA can be ordered by `genTime` alone.
    public var ordering: Bool
    /// The nonce of the request, echoed.
    public var nonce: ArraySlice<UInt8>?
    /// The TSA's name.
    public var tsa: GeneralName?
    /// Token extensions.
    public var extensions: [Certificate.Extension]?

    /// Creates a TSTInfo.
    public init(
        version: Int = 1,
        policy: ASN1ObjectIdentifier,
        messageImprint: MessageImprint,
        serialNumber: ArraySlice<UInt8>,
        genTime: GeneralizedTime,
        accuracy: Accuracy? = nil,
        ordering: Bool = false,
        nonce: ArraySlice<UInt8>? = nil,
        tsa: GeneralName? = nil,
        extensions: [Certificate.Extension]? = nil
    ) {
        self.version = version
        self.policy = policy
        self.messageImprint = messageImprint
        self.serialNumber = serialNumber
        self.genTime = genTime
        self.accuracy = accuracy
        self.ordering = ordering
        self.nonce = nonce
        self.tsa = tsa
        self.extensions = extensions
    }

    /// Parses a TSTInfo from DER bytes; throws on anything that is not one.
    public init(derEncoded bytes: some Collection<UInt8>) throws {
        try self.init(derEncoded: DER.parse(Array(bytes)))
    }

    /// Parses a TSTInfo from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let version = try Int(derEncoded: &nodes)
            let policy = try ASN1ObjectIdentifier(derEncoded: &nodes)
            let imprint = try MessageImprint(derEncoded: &nodes)
            let serial = try ArraySlice<UInt8>(derEncoded: &nodes)
            let genTime = try GeneralizedTime(derEncoded: &nodes)
            let accuracy: Accuracy? = try DER.optionalImplicitlyTagged(&nodes)
            let ordering = try DER.decodeDefault(&nodes, defaultValue: false)
            let nonce: ArraySlice<UInt8>? = try DER.optionalImplicitlyTagged(&nodes, tag: .integer)
            let tsa = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                try GeneralName(derEncoded: $0)
            }
            let extensions = try DER.optionalImplicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) {
                try DER.sequence(of: Certificate.Extension.self, identifier: $0.identifier, rootNode: $0)
            }
            return TSTInfo(
                version: version, policy: policy, messageImprint: imprint, serialNumber: serial,
                genTime: genTime, accuracy: accuracy, ordering: ordering, nonce: nonce, tsa: tsa,
                extensions: extensions
            )
        }
    }

    /// Writes the TSTInfo as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(version)
            try coder.serialize(policy)
            try coder.serialize(messageImprint)
            try coder.serialize(serialNumber)
            try coder.serialize(genTime)
            try coder.serializeOptionalImplicitlyTagged(accuracy)
            if ordering {
                try coder.serialize(ordering)
            }
            try coder.serializeOptionalImplicitlyTagged(nonce)
            if let tsa {
                try coder.serialize(tsa, explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific)
            }
            if let extensions {
                try coder.serializeSequenceOf(extensions, identifier: ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific))
            }
        }
    }

    /// `genTime` as a `Date` (fractional seconds included).
    public var genDate: Date {
        genTime.date
    }
}
