import SwiftASN1
import X509

/// CMS signed data (RFC 5652 §5.1), the body of a time-stamp token.
///
/// ```asn1
/// SignedData ::= SEQUENCE { version CMSVersion, digestAlgorithms SET OF DigestAlgorithmIdentifier,
///     encapContentInfo EncapsulatedContentInfo, certificates [0] IMPLICIT CertificateSet OPTIONAL,
///     crls [1] IMPLICIT RevocationInfoChoices OPTIONAL, signerInfos SET OF SignerInfo }
/// ```
///
/// Only X.509 certificates are read from `certificates`; revocation information is skipped when
/// parsing and never written. Sets are written sorted, as DER requires.
public struct SignedData: DERImplicitlyTaggable, Hashable, Sendable {
    /// The structure's tag: a universal SEQUENCE.
    public static var defaultIdentifier: ASN1Identifier { .sequence }

    /// The syntax version: 3 when the content type is not `id-data` (RFC 5652 §5.1).
    public var version: Int
    /// The digest algorithms the signers used.
    public var digestAlgorithms: [AlgorithmIdentifier]
    /// The signed content.
    public var encapContentInfo: EncapsulatedContentInfo
    /// Certificates that help to find and check the signers' certificates.
    public var certificates: [Certificate]?
    /// The signatures.
    public var signerInfos: [SignerInfo]

    /// Creates signed data.
    public init(
        version: Int,
        digestAlgorithms: [AlgorithmIdentifier],
        encapContentInfo: EncapsulatedContentInfo,
        certificates: [Certificate]?,
        signerInfos: [SignerInfo]
    ) {
        self.version = version
        self.digestAlgorithms = digestAlgorithms
        self.encapContentInfo = encapContentInfo
        self.certificates = certificates
        self.signerInfos = signerInfos
    }

    /// Parses signed data from its DER node.
    public init(derEncoded rootNode: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        self = try DER.sequence(rootNode, identifier: identifier) { nodes in
            let version = try Int(derEncoded: &nodes)
            guard let algorithmsNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "SignedData has no digestAlgorithms")
            }
            let algorithms = try DER.set(of: AlgorithmIdentifier.self, identifier: .set, rootNode: algorithmsNode)
            let content = try EncapsulatedContentInfo(derEncoded: &nodes)
            let certificates = try DER.optionalImplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                try DER.set(of: Certificate.self, identifier: $0.identifier, rootNode: $0)
            }
            _ = DER.optionalImplicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) { $0 }
            guard let signersNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "SignedData has no signerInfos")
            }
            let signers = try DER.set(of: SignerInfo.self, identifier: .set, rootNode: signersNode)
            return SignedData(
                version: version, digestAlgorithms: algorithms, encapContentInfo: content,
                certificates: certificates, signerInfos: signers
            )
        }
    }

    /// Writes signed data as DER.
    public func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        try coder.appendConstructedNode(identifier: identifier) { coder in
            try coder.serialize(version)
            try coder.serializeSetOf(digestAlgorithms)
            try coder.serialize(encapContentInfo)
            if let certificates {
                try coder.serializeSetOf(certificates, identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
            }
            try coder.serializeSetOf(signerInfos)
        }
    }
}
