import SwiftASN1
import TimeStamping

/// The parameters of an RSA-PSS signature algorithm (RFC 8017 Appendix A.2.3), reduced to what
/// a verifier needs. The PKCS #1 module tags explicitly.
///
/// ```asn1
/// RSASSA-PSS-params ::= SEQUENCE { hashAlgorithm [0] HashAlgorithm DEFAULT sha1,
///     maskGenAlgorithm [1] MaskGenAlgorithm DEFAULT mgf1SHA1,
///     saltLength [2] INTEGER DEFAULT 20, trailerField [3] TrailerField DEFAULT trailerFieldBC }
/// ```
struct RSAPSSParameters: DERParseable, Hashable, Sendable {
    /// The message hash; `nil` stands for the default, SHA-1.
    var hashAlgorithm: AlgorithmIdentifier?
    /// The mask generation function; `nil` stands for the default, MGF1 with SHA-1.
    var maskGenAlgorithm: AlgorithmIdentifier?
    /// The salt length in bytes.
    var saltLength: Int

    /// Parses the parameters from their DER node.
    init(derEncoded rootNode: ASN1Node) throws {
        self = try DER.sequence(rootNode, identifier: .sequence) { nodes in
            let hash = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) {
                try AlgorithmIdentifier(derEncoded: $0)
            }
            let mask = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 1, tagClass: .contextSpecific) {
                try AlgorithmIdentifier(derEncoded: $0)
            }
            let salt = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 2, tagClass: .contextSpecific) {
                try Int(derEncoded: $0)
            }
            _ = nodes.next()
            return RSAPSSParameters(hashAlgorithm: hash, maskGenAlgorithm: mask, saltLength: salt ?? 20)
        }
    }

    /// Creates parameters from their parts.
    private init(hashAlgorithm: AlgorithmIdentifier?, maskGenAlgorithm: AlgorithmIdentifier?, saltLength: Int) {
        self.hashAlgorithm = hashAlgorithm
        self.maskGenAlgorithm = maskGenAlgorithm
        self.saltLength = saltLength
    }

    /// The one hash used throughout, when the parameters are the form a verifier here accepts:
    /// a SHA-2 hash, MGF1 with the same hash, and a salt as long as the digest.
    var uniformDigestAlgorithm: DigestAlgorithm? {
        guard let hashAlgorithm, let digest = DigestAlgorithm(oid: hashAlgorithm.algorithm),
            let maskGenAlgorithm, maskGenAlgorithm.algorithm == CMSOID.mgf1,
            let maskHash = maskGenAlgorithm.parameters.flatMap({ try? AlgorithmIdentifier(asn1Any: $0) }),
            maskHash.algorithm == hashAlgorithm.algorithm,
            saltLength == digest.digestLength
        else { return nil }
        return digest
    }
}
