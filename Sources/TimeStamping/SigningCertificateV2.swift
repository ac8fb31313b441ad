import SwiftASN1

/// The ESS attribute that binds a signature to the signer's certificate by its hash
/// (RFC 5035 §3). OpenSSL refuses a time-stamp token without it (or its SHA-1 predecessor).
///
/// ```asn1
/// SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2,
///     policies SEQUENCE OF PolicyInformation OPTIONAL }
/// ```
public struct SigningCertificateV2: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The signer's certificate first, then optionally others of its chain.
    public var certs: [ESSCertIDv2]
    /// Certificate policies, kept encoded.
    public var policies: ASN1Any?

    /// Creates the attribute value.
    public init(certs: [ESSCertIDv2], policies: ASN1Any? = nil) {
        self.certs = certs
        self.policies = policies
    }

    /// Parses the value from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            guard let certsNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "SigningCertificateV2 has no certs")
            }
            let certs = try DER.sequence(of: ESSCertIDv2.self, identifier: .sequence, rootNode: certsNode)
            let policies = nodes.next().map { ASN1Any(derEncoded: $0) }
            return SigningCertificateV2(certs: certs, policies: policies)
        }
    }

    /// Writes the value as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serializeSequenceOf(certs)
            if let policies {
                try coder.serialize(policies)
            }
        }
    }
}
