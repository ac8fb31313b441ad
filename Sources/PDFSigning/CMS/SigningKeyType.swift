import Crypto
import X509
import _CryptoExtras

/// The kinds of key that ``GeneratedSigningCredentials`` can make.
public enum SigningKeyType: String, Sendable, CaseIterable {
    /// RSA with a 2048-bit modulus; certificates signed with sha256WithRSAEncryption.
    case rsa2048
    /// ECDSA on P-256; certificates signed with ecdsa-with-SHA256.
    case p256
    /// ECDSA on P-384; certificates signed with ecdsa-with-SHA384.
    case p384

    /// A new random key of this type.
    func makeKey() throws -> Certificate.PrivateKey {
        switch self {
        case .rsa2048: Certificate.PrivateKey(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        case .p256: Certificate.PrivateKey(P256.Signing.PrivateKey())
        case .p384: Certificate.PrivateKey(P384.Signing.PrivateKey())
        }
    }

    /// The algorithm a CA with a key of this type signs certificates with.
    var certificateSignatureAlgorithm: Certificate.SignatureAlgorithm {
        switch self {
        case .rsa2048: .sha256WithRSAEncryption
        case .p256: .ecdsaWithSHA256
        case .p384: .ecdsaWithSHA384
        }
    }
}
