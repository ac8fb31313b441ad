import Crypto
import Foundation
import PDFSigning
import SwiftASN1
import TimeStamping
import X509

/// Keys, credentials and helpers shared by the tests; each key type's credentials are made once.
enum SigningFixtures {
    /// RSA-2048 credentials.
    static let rsa = try! GeneratedSigningCredentials.generate(commonName: "Chancery Test Signer RSA", keyType: .rsa2048)
    /// P-256 credentials.
    static let p256 = try! GeneratedSigningCredentials.generate(commonName: "Chancery Test Signer P-256", keyType: .p256)
    /// P-384 credentials.
    static let p384 = try! GeneratedSigningCredentials.generate(commonName: "Chancery Test Signer P-384", keyType: .p384)
    /// A CA that issued none of the above.
    static let stranger = try! GeneratedSigningCredentials.generate(commonName: "Stranger", keyType: .p256)
    /// A TSA for B-T signatures.
    static let tsaKeys = try! TSAKeys.generate(commonName: "Chancery Test TSA")
    /// The policy the test TSA issues under.
    static let tsaPolicy: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 99999, 2]

    /// The generated credentials for `keyType`.
    static func generated(_ keyType: SigningKeyType) -> GeneratedSigningCredentials {
        switch keyType {
        case .rsa2048: rsa
        case .p256: p256
        case .p384: p384
        }
    }

    /// The CA certificate of `generated`.
    static func root(_ generated: GeneratedSigningCredentials) throws -> Certificate {
        try Certificate(pemEncoded: generated.caCertificatePEM)
    }

    /// Some content to sign, different on every call.
    static func content() -> [UInt8] {
        Array("%PDF-1.7 pretend byte ranges \(UUID().uuidString)\n\r\n\u{0}binary".utf8)
    }

    /// Signs `content` with `keyType`'s credentials.
    static func sign(
        _ content: [UInt8],
        keyType: SigningKeyType,
        profile: PDFSignatureProfile,
        timeStamper: (any SignatureTimeStamper)? = nil
    ) async throws -> [UInt8] {
        let signer = try CMSDetachedSigner(credentials: generated(keyType).credentials(), profile: profile, timeStamper: timeStamper)
        return try await signer.signature(forContentDigest: signer.digestAlgorithm.hash(content), signingTime: Date())
    }

    /// The only signer info of a CMS signature.
    static func signerInfo(_ der: [UInt8]) throws -> SignerInfo {
        let signedData = try ContentInfo(derEncoded: der).signedData()
        guard let signer = signedData.signerInfos.first else { throw NoSigner() }
        return signer
    }

    /// Thrown when a CMS has no signer.
    struct NoSigner: Error {}
}
