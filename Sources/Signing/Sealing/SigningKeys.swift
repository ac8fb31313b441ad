import Crypto
import Foundation
import PDFSigning
import Storage
import SwiftASN1
import X509

/// The keys that sign documents: the platform's signing CA, which issues a certificate to
/// every recipient who signs, and the platform seal, which signs every completed document last.
///
/// They live in `<keysDirectory>/signing/`, each a ``Storage/KeyFile`` (mode 0600):
///
/// | file | what it holds |
/// |---|---|
/// | `ca.pem` | the signing CA's certificate, then (optionally) its issuers up to the root |
/// | `ca.key` | the signing CA's private key (PKCS #8, SEC 1 or PKCS #1 PEM) |
/// | `seal.pem` | the platform seal's certificate, issued by the CA |
/// | `seal.key` | the platform seal's private key |
///
/// On first start, when `ca.pem` and `ca.key` are missing, a self-signed CA with a P-256 key,
/// valid 20 years, is generated and stored. An operator who wants signatures to chain to
/// their own PKI puts their CA certificate (an intermediate CA, with CA:TRUE and keyCertSign)
/// followed by its issuers in `ca.pem`, and its key in `ca.key`, before starting. The seal's
/// certificate and key are made from the CA when they are missing, when the CA did not
/// issue them, or when the certificate expires within 30 days.
///
/// Each recipient's certificate is issued on demand with a fresh P-256 key that is never
/// stored: its key signs one document and is dropped.
///
/// ```swift
/// let keys = try SigningKeys.loadOrCreate(in: "data/keys", commonName: "Chancery")
/// let signer = try keys.credentials(for: SignerIdentity(name: "Jane Doe", email: "jane@example.com"))
/// try keys.caCertificatePEM.write(toFile: "signing-ca.pem", atomically: true, encoding: .utf8)  // for validators
/// ```
public struct SigningKeys: Sendable {
    /// The folder of the keys' files inside the keys directory.
    public static let folderName = "signing"
    /// The CA certificate file: the CA's certificate, then its issuers.
    public static let caCertificateFileName = "ca.pem"
    /// The CA's private key file.
    public static let caKeyFileName = "ca.key"
    /// The seal's certificate file.
    public static let sealCertificateFileName = "seal.pem"
    /// The seal's private key file.
    public static let sealKeyFileName = "seal.key"

    /// A year, in seconds.
    static let year: TimeInterval = 365.25 * 24 * 3600
    /// How long a recipient's certificate is valid.
    static let signerCertificateLifetime = 2 * year
    /// How long the seal's certificate is valid.
    static let sealCertificateLifetime = 10 * year

    /// The CA that issues the recipients' certificates.
    let authority: SigningCertificateAuthority
    /// The platform seal's identity, named "`commonName` seal", issued by the CA.
    public let sealCredentials: PDFSignatureCredentials
    /// The name the seal signs with (`/Name`): "`commonName` seal".
    let sealName: String
    /// The certificate validators trust, as PEM: the last certificate of `ca.pem`, which is
    /// the generated CA itself or the root of an operator's chain.
    public let caCertificatePEM: String

    /// Loads the keys from `<keysDirectory>/signing/`, generating what is missing (see the
    /// type's documentation).
    ///
    /// - Parameters:
    ///   - keysDirectory: The server's keys directory.
    ///   - commonName: The platform's name: the generated CA is "`commonName` Signing CA" and
    ///     the seal "`commonName` seal".
    /// - Throws: ``Storage/KeyFileError`` when files are incomplete, unreadable or damaged, or
    ///   cannot be written; ``SigningKeysError`` when the CA cannot issue certificates.
    public static func loadOrCreate(in keysDirectory: String, commonName: String) throws -> SigningKeys {
        let folder = URL(fileURLWithPath: keysDirectory).appendingPathComponent(folderName).path
        let now = Date()
        let authority = try loadOrCreateAuthority(in: folder, commonName: commonName, now: now)
        let seal = try loadOrCreateSeal(in: folder, authority: authority, commonName: commonName, now: now)
        let root = authority.chain.last ?? authority.certificate
        return SigningKeys(
            authority: authority,
            sealCredentials: seal,
            sealName: "\(commonName) seal",
            caCertificatePEM: try root.serializeAsPEM().pemString
        )
    }

    /// Issues a certificate for `signer` to a fresh P-256 key and returns both, with the CA
    /// chain: CN is the signer's name, `emailAddress` and the subject alternative name their
    /// e-mail address (left out when it is not ASCII, which these fields require); key usage
    /// digitalSignature and nonRepudiation, extended key usage emailProtection; valid two years.
    public func credentials(for signer: SignerIdentity) throws -> PDFSignatureCredentials {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let email = signer.email.trimmingCharacters(in: .whitespaces)
        let hasASCIIEmail = !email.isEmpty && email.unicodeScalars.allSatisfy(\.isASCII)
        let trimmedName = signer.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = trimmedName.isEmpty ? (email.isEmpty ? "Signer" : email) : trimmedName
        let subject = try DistinguishedName {
            CommonName(name)
            if hasASCIIEmail {
                EmailAddress(email)
            }
        }
        let certificate = try authority.issue(
            subject: subject,
            publicKey: key.publicKey,
            now: Date(),
            lifetime: Self.signerCertificateLifetime,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, nonRepudiation: true))
                try ExtendedKeyUsage([.emailProtection])
                if hasASCIIEmail {
                    SubjectAlternativeNames([.rfc822Name(email)])
                }
            }
        )
        return try PDFSignatureCredentials(certificate: certificate, chain: authority.chain, privateKey: key)
    }

    /// The CA from `ca.pem` and `ca.key` in `folder`, or a new one stored there.
    private static func loadOrCreateAuthority(in folder: String, commonName: String, now: Date) throws -> SigningCertificateAuthority {
        let certificateFile = KeyFile(directory: folder, name: caCertificateFileName)
        let keyFile = KeyFile(directory: folder, name: caKeyFileName)
        if let (chainPEM, keyPEM) = try readPair(certificateFile, keyFile) {
            return try SigningCertificateAuthority(
                chain: try certificates(in: chainPEM, file: certificateFile),
                key: try privateKey(in: keyPEM, file: keyFile)
            )
        }
        let authority = try SigningCertificateAuthority.generate(commonName: "\(commonName) Signing CA", now: now)
        let createdKey = try keyFile.create(with: authority.key.serializeAsPEM().pemString, as: privateKeyFormat)
        let createdCertificate = try certificateFile.create(with: authority.certificate.serializeAsPEM().pemString, as: certificatesFormat)
        guard createdKey, createdCertificate else {
            // Another process made the CA at the same time: use its files.
            return try loadOrCreateAuthority(in: folder, commonName: commonName, now: now)
        }
        return authority
    }

    /// The seal from `seal.pem` and `seal.key` in `folder` when `authority` issued it and it
    /// is valid for 30 more days, or a new one stored there in place of the old (the one
    /// rotation of key files the server does on its own).
    private static func loadOrCreateSeal(
        in folder: String,
        authority: SigningCertificateAuthority,
        commonName: String,
        now: Date
    ) throws -> PDFSignatureCredentials {
        let certificateFile = KeyFile(directory: folder, name: sealCertificateFileName)
        let keyFile = KeyFile(directory: folder, name: sealKeyFileName)
        if let (certificatePEM, keyPEM) = try readPair(certificateFile, keyFile) {
            let certificate = try certificates(in: certificatePEM, file: certificateFile)[0]
            let key = try privateKey(in: keyPEM, file: keyFile)
            if authority.hasIssued(certificate), key.publicKey == certificate.publicKey,
                certificate.notValidAfter > now.addingTimeInterval(30 * 24 * 3600)
            {
                return try PDFSignatureCredentials(certificate: certificate, chain: authority.chain, privateKey: key)
            }
        }
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let certificate = try authority.issue(
            subject: try DistinguishedName { CommonName("\(commonName) seal") },
            publicKey: key.publicKey,
            now: now,
            lifetime: sealCertificateLifetime,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, nonRepudiation: true))
            }
        )
        try keyFile.replace(with: key.serializeAsPEM().pemString, as: privateKeyFormat)
        try certificateFile.replace(with: certificate.serializeAsPEM().pemString, as: certificatesFormat)
        return try PDFSignatureCredentials(certificate: certificate, chain: authority.chain, privateKey: key)
    }

    /// How a private key file is kept.
    private static let privateKeyFormat = KeyFileFormat<String>.pem("a PEM private key")
    /// How a certificate file is kept.
    private static let certificatesFormat = KeyFileFormat<String>.pem("PEM certificates")

    /// The texts of `certificateFile` and `keyFile` when both exist, `nil` when neither does.
    private static func readPair(_ certificateFile: KeyFile, _ keyFile: KeyFile) throws(KeyFileError) -> (String, String)? {
        switch (try certificateFile.load(certificatesFormat), try keyFile.load(privateKeyFormat)) {
        case (let certificate?, let key?): return (certificate, key)
        case (nil, nil): return nil
        case (.some, nil): throw .incomplete(present: certificateFile.path, missing: keyFile.path)
        case (nil, .some): throw .incomplete(present: keyFile.path, missing: certificateFile.path)
        }
    }

    /// The certificates of the PEM text `pem`, read from `file`; at least one.
    private static func certificates(in pem: String, file: KeyFile) throws(KeyFileError) -> [Certificate] {
        do {
            return try PEMDocument.parseMultiple(pemString: pem).map(Certificate.init(pemDocument:))
        } catch {
            throw .malformed(path: file.path, expected: "PEM certificates", reason: "they cannot be parsed (\(error))")
        }
    }

    /// The private key of the PEM text `pem`, read from `file`.
    private static func privateKey(in pem: String, file: KeyFile) throws(KeyFileError) -> Certificate.PrivateKey {
        do {
            return try Certificate.PrivateKey(pemEncoded: pem)
        } catch {
            throw .malformed(path: file.path, expected: "a PEM private key", reason: "it cannot be parsed (\(error))")
        }
    }
}
