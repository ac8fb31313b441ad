import Crypto
import Foundation
import SwiftASN1
import TimeStamping
import X509
import _CryptoExtras

/// A CMS signer's signature scheme together with the hash it applies to the signed attributes
/// (or to the content, when there are none).
enum CMSSignatureAlgorithm: Hashable, Sendable {
    /// RSASSA-PKCS1-v1_5.
    case rsaPKCS1v15(DigestAlgorithm)
    /// RSASSA-PSS with MGF1 over the same hash and a salt as long as the digest.
    case rsaPSS(DigestAlgorithm)
    /// ECDSA; the signature is the DER of `ECDSA-Sig-Value`.
    case ecdsa(DigestAlgorithm)

    /// The scheme this module signs with for `key`: RSA PKCS #1 v1.5 with SHA-256,
    /// ECDSA P-256 with SHA-256 or ECDSA P-384 with SHA-384.
    init(signingWith key: Certificate.PrivateKey) throws(CMSSignatureError) {
        let publicKey = key.publicKey
        if _RSA.Signing.PublicKey(publicKey) != nil {
            self = .rsaPKCS1v15(.sha256)
        } else if P256.Signing.PublicKey(publicKey) != nil {
            self = .ecdsa(.sha256)
        } else if P384.Signing.PublicKey(publicKey) != nil {
            self = .ecdsa(.sha384)
        } else {
            throw .unsupportedAlgorithm("signing keys must be RSA, P-256 or P-384, not \(key)")
        }
    }

    /// Recognises a signer's algorithm from its `signatureAlgorithm` and `digestAlgorithm` fields.
    ///
    /// `rsaEncryption` (what OpenSSL writes) takes its hash from the digest algorithm; the other
    /// identifiers name a hash, which must then equal the digest algorithm.
    init(signatureAlgorithm: AlgorithmIdentifier, digestAlgorithm: DigestAlgorithm) throws(CMSSignatureError) {
        let named: Self
        switch signatureAlgorithm.algorithm {
        case CMSOID.rsaEncryption: named = .rsaPKCS1v15(digestAlgorithm)
        case CMSOID.sha256WithRSAEncryption: named = .rsaPKCS1v15(.sha256)
        case CMSOID.sha384WithRSAEncryption: named = .rsaPKCS1v15(.sha384)
        case CMSOID.sha512WithRSAEncryption: named = .rsaPKCS1v15(.sha512)
        case TimeStampingOID.ecdsaWithSHA256: named = .ecdsa(.sha256)
        case TimeStampingOID.ecdsaWithSHA384: named = .ecdsa(.sha384)
        case TimeStampingOID.ecdsaWithSHA512: named = .ecdsa(.sha512)
        case CMSOID.rsassaPSS:
            guard let parameters = signatureAlgorithm.parameters,
                let hash = (try? RSAPSSParameters(asn1Any: parameters))?.uniformDigestAlgorithm
            else {
                throw .unsupportedAlgorithm("RSA-PSS is supported only with SHA-2, MGF1 over the same hash and a digest-length salt")
            }
            named = .rsaPSS(hash)
        default:
            throw .unsupportedAlgorithm("signature algorithm \(signatureAlgorithm.algorithm)")
        }
        guard named.digestAlgorithm == digestAlgorithm else {
            throw .unsupportedAlgorithm(
                "signature algorithm \(signatureAlgorithm.algorithm) hashes differently from digest algorithm \(digestAlgorithm.rawValue)"
            )
        }
        self = named
    }

    /// The hash applied before signing.
    var digestAlgorithm: DigestAlgorithm {
        switch self {
        case .rsaPKCS1v15(let digest), .rsaPSS(let digest), .ecdsa(let digest): digest
        }
    }

    /// The identifier written as the signer's `signatureAlgorithm`: `shaNNNWithRSAEncryption`
    /// with NULL parameters (RFC 4055 §5) or `ecdsa-with-SHANNN` without (RFC 5758 §3.2).
    var algorithmIdentifier: AlgorithmIdentifier {
        get throws {
            switch self {
            case .rsaPKCS1v15(let digest):
                let oid =
                    switch digest {
                    case .sha256: CMSOID.sha256WithRSAEncryption
                    case .sha384: CMSOID.sha384WithRSAEncryption
                    case .sha512: CMSOID.sha512WithRSAEncryption
                    }
                return AlgorithmIdentifier(algorithm: oid, parameters: try ASN1Any(erasing: ASN1Null()))
            case .ecdsa(let digest):
                let oid =
                    switch digest {
                    case .sha256: TimeStampingOID.ecdsaWithSHA256
                    case .sha384: TimeStampingOID.ecdsaWithSHA384
                    case .sha512: TimeStampingOID.ecdsaWithSHA512
                    }
                return AlgorithmIdentifier(algorithm: oid)
            case .rsaPSS:
                throw CMSSignatureError.unsupportedAlgorithm("this module does not sign with RSA-PSS")
            }
        }
    }

    /// The swift-certificates name of a PKCS #1 v1.5 or ECDSA scheme; `nil` for RSA-PSS, which
    /// swift-certificates does not handle.
    private var certificateSignatureAlgorithm: Certificate.SignatureAlgorithm? {
        switch self {
        case .rsaPKCS1v15(.sha256): .sha256WithRSAEncryption
        case .rsaPKCS1v15(.sha384): .sha384WithRSAEncryption
        case .rsaPKCS1v15(.sha512): .sha512WithRSAEncryption
        case .ecdsa(.sha256): .ecdsaWithSHA256
        case .ecdsa(.sha384): .ecdsaWithSHA384
        case .ecdsa(.sha512): .ecdsaWithSHA512
        case .rsaPSS: nil
        }
    }

    /// Signs `bytes` with `key`, returning the signature value as CMS carries it.
    func sign(_ bytes: [UInt8], with key: Certificate.PrivateKey) throws -> [UInt8] {
        guard let algorithm = certificateSignatureAlgorithm else {
            throw CMSSignatureError.unsupportedAlgorithm("this module does not sign with RSA-PSS")
        }
        return try key.sign(bytes: bytes, signatureAlgorithm: algorithm).rawRepresentation
    }

    /// Whether `signature` over `bytes` verifies with `publicKey`.
    func isValidSignature(_ signature: some DataProtocol, for bytes: some DataProtocol, publicKey: Certificate.PublicKey) -> Bool {
        if let algorithm = certificateSignatureAlgorithm {
            return publicKey.isValidSignature(signature, for: bytes, signatureAlgorithm: algorithm)
        }
        guard case .rsaPSS(let digest) = self, let rsaKey = _RSA.Signing.PublicKey(publicKey) else { return false }
        let rsaSignature = _RSA.Signing.RSASignature(rawRepresentation: signature)
        switch digest {
        case .sha256: return rsaKey.isValidSignature(rsaSignature, for: SHA256.hash(data: bytes), padding: .PSS)
        case .sha384: return rsaKey.isValidSignature(rsaSignature, for: SHA384.hash(data: bytes), padding: .PSS)
        case .sha512: return rsaKey.isValidSignature(rsaSignature, for: SHA512.hash(data: bytes), padding: .PSS)
        }
    }
}
