import Crypto
import Foundation
import PDFSigning
import SwiftASN1
import X509

/// The keys that sign documents: the platform's signing CA, which issues a certificate to
/// every recipient who signs, and the platform seal, which signs every completed document last.
///
/// They live in `<keysDirectory>/signing/`:
///
/// | file | what it holds |
/// |---|---|
/// | `ca.pem` | the signing CA's certificate, then (optionally) its issuers up to the root |
/// | `ca.key` | the signing CA's private key (PKCS #8, SEC 1 or PKCS #1 PEM), mode 0600 |
/// | `seal.pem` | the platform seal's certificate, issued by the CA |
/// | `seal.key` | the platform seal's private key, mode 0600 |
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
    /// - Throws: ``SigningKeysError`` when files are incomplete, unreadable, do not belong
    ///   together, or cannot be written.
    public static func loadOrCreate(in keysDirectory: String, commonName: String) throws -> SigningKeys {
        let folder = URL(fileURLWithPath: keysDirectory).appendingPathComponent(folderName)
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
    private static func loadOrCreateAuthority(in folder: URL, commonName: String, now: Date) throws -> SigningCertificateAuthority {
        let certificateFile = folder.appendingPathComponent(caCertificateFileName)
        let keyFile = folder.appendingPathComponent(caKeyFileName)
        if let (chainPEM, keyPEM) = try readPair(certificateFile, keyFile) {
            return try SigningCertificateAuthority(
                chain: try certificates(in: chainPEM, file: certificateFile),
                key: try privateKey(in: keyPEM, file: keyFile)
            )
        }
        let authority = try SigningCertificateAuthority.generate(commonName: "\(commonName) Signing CA", now: now)
        try write(authority.key.serializeAsPEM().pemString, to: keyFile, mode: 0o600)
        try write(authority.certificate.serializeAsPEM().pemString, to: certificateFile, mode: 0o644)
        return authority
    }

    /// The seal from `seal.pem` and `seal.key` in `folder` when `authority` issued it and it
    /// is valid for 30 more days, or a new one stored there.
    private static func loadOrCreateSeal(
        in folder: URL,
        authority: SigningCertificateAuthority,
        commonName: String,
        now: Date
    ) throws -> PDFSignatureCredentials {
        let certificateFile = folder.appendingPathComponent(sealCertificateFileName)
        let keyFile = folder.appendingPathComponent(sealKeyFileName)
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
        try write(key.serializeAsPEM().pemString, to: keyFile, mode: 0o600)
        try write(certificate.serializeAsPEM().pemString, to: certificateFile, mode: 0o644)
        return try PDFSignatureCredentials(certificate: certificate, chain: authority.chain, privateKey: key)
    }

    /// The texts of `certificateFile` and `keyFile` when both exist, `nil` when neither does.
    private static func readPair(_ certificateFile: URL, _ keyFile: URL) throws(SigningKeysError) -> (String, String)? {
        let certificate = FileManager.default.contents(atPath: certificateFile.path).map { String(decoding: $0, as: UTF8.self) }
        let key = FileManager.default.contents(atPath: keyFile.path).map { String(decoding: $0, as: UTF8.self) }
        switch (certificate, key) {
        case (let certificate?, let key?): return (certificate, key)
        case (nil, nil): return nil
        case (.some, nil): throw .incompleteFiles(present: certificateFile.path, missing: keyFile.path)
        case (nil, .some): throw .incompleteFiles(present: keyFile.path, missing: certificateFile.path)
        }
    }

    /// The certificates of the PEM text `pem`, read from `file`; at least one.
    private static func certificates(in pem: String, file: URL) throws(SigningKeysError) -> [Certificate] {
        let certificates: [Certificate]
        do {
            certificates = try PEMDocument.parseMultiple(pemString: pem).map(Certificate.init(pemDocument:))
        } catch {
            throw .unreadableFile(path: file.path, reason: "not PEM certificates (\(error))")
        }
        guard !certificates.isEmpty else {
            throw .unreadableFile(path: file.path, reason: "it holds no certificate")
        }
        return certificates
    }

    /// The private key of the PEM text `pem`, read from `file`.
    private static func privateKey(in pem: String, file: URL) throws(SigningKeysError) -> Certificate.PrivateKey {
        do {
            return try Certificate.PrivateKey(pemEncoded: pem)
        } catch {
            throw .unreadableFile(path: file.path, reason: "not a PEM private key (\(error))")
        }
    }

    /// Writes `text` to `file` with permissions `mode`, creating its folder (mode 0700).
    private static func write(_ text: String, to file: URL, mode: Int) throws(SigningKeysError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritableFile(path: folder.path)
        }
        try? FileManager.default.removeItem(at: file)
        guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: mode]) else {
            throw .unwritableFile(path: file.path)
        }
    }
}
