import SwiftASN1
import TimeStamping

/// The value of the `CMSAlgorithmProtection` signed attribute (RFC 6211 §2): the signer's
/// digest and signature algorithms, repeated under the signature so that neither can be swapped.
///
/// ```asn1
/// CMSAlgorithmProtection ::= SEQUENCE { digestAlgorithm DigestAlgorithmIdentifier,
///     signatureAlgorithm [1] SignatureAlgorithmIdentifier OPTIONAL,
///     macAlgorithm [2] MessageAuthenticationCodeAlgorithm OPTIONAL }
/// ```
struct CMSAlgorithmProtection: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The signer's digest algorithm.
    var digestAlgorithm: AlgorithmIdentifier
    /// The signer's signature algorithm; present for signatures, absent for MACs.
    var signatureAlgorithm: AlgorithmIdentifier?

    /// The implicit tag of `signatureAlgorithm`.
    private static let signatureAlgorithmTag = ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)

    /// Creates the attribute value.
    init(digestAlgorithm: AlgorithmIdentifier, signatureAlgorithm: AlgorithmIdentifier?) {
        self.digestAlgorithm = digestAlgorithm
        self.signatureAlgorithm = signatureAlgorithm
    }

    /// Parses the value from its DER node; a MAC algorithm, if any, is skipped.
    init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let digest = try AlgorithmIdentifier(derEncoded: &nodes)
            let signature = try DER.optionalImplicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) {
                try AlgorithmIdentifier(derEncoded: $0, withIdentifier: Self.signatureAlgorithmTag)
            }
            _ = nodes.next()
            return CMSAlgorithmProtection(digestAlgorithm: digest, signatureAlgorithm: signature)
        }
    }

    /// Writes the value as DER.
    func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(digestAlgorithm)
            if let signatureAlgorithm {
                try signatureAlgorithm.serialize(into: &coder, withIdentifier: Self.signatureAlgorithmTag)
            }
        }
    }
}
