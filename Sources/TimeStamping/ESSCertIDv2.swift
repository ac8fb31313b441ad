import SwiftASN1

/// One certificate named by its hash in a `SigningCertificateV2` (RFC 5035 §4).
///
/// ```asn1
/// ESSCertIDv2 ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier DEFAULT { algorithm id-sha256 },
///     certHash OCTET STRING, issuerSerial IssuerSerial OPTIONAL }
/// ```
///
/// The default SHA-256 algorithm is omitted when writing, as DER requires.
public struct ESSCertIDv2: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The hash applied to the certificate's DER.
    public var hashAlgorithm: AlgorithmIdentifier
    /// The certificate's hash.
    public var certHash: ArraySlice<UInt8>
    /// The certificate's issuer and serial number, kept encoded.
    public var issuerSerial: ASN1Any?

    /// Creates a certificate id.
    public init(hashAlgorithm: AlgorithmIdentifier = .sha256, certHash: ArraySlice<UInt8>, issuerSerial: ASN1Any? = nil) {
        self.hashAlgorithm = hashAlgorithm
        self.certHash = certHash
        self.issuerSerial = issuerSerial
    }

    /// Parses a certificate id from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let algorithm: AlgorithmIdentifier? = try DER.optionalImplicitlyTagged(&nodes)
            let hash = try ASN1OctetString(derEncoded: &nodes).bytes
            let issuerSerial = nodes.next().map { ASN1Any(derEncoded: $0) }
            return ESSCertIDv2(hashAlgorithm: algorithm ?? .sha256, certHash: hash, issuerSerial: issuerSerial)
        }
    }

    /// Writes the certificate id as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            if hashAlgorithm.algorithm != TimeStampingOID.sha256 || hashAlgorithm.parameters != nil {
                try coder.serialize(hashAlgorithm)
            }
            try coder.serialize(ASN1OctetString(contentBytes: certHash))
            if let issuerSerial {
                try coder.serialize(issuerSerial)
            }
        }
    }
}
