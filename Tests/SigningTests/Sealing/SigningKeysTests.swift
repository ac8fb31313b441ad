import Crypto
import Foundation
import PDFSigning
import Storage
import SwiftASN1
import Testing
import X509

@testable import Signing

@Suite struct SigningKeysTests {
    /// A new empty keys directory.
    private static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("SigningKeys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The file `name` of the signing folder in `directory`.
    private static func file(_ name: String, in directory: URL) -> URL {
        directory.appendingPathComponent(SigningKeys.folderName).appendingPathComponent(name)
    }

    @Test func theSecondLoadGivesTheSameKeysAndKeysStayPrivate() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        let second = try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        #expect(first.caCertificatePEM == second.caCertificatePEM)
        #expect(first.sealCredentials.certificate == second.sealCredentials.certificate)
        let ca = try Certificate(pemEncoded: first.caCertificatePEM)
        #expect(ca.subject.description.contains("Acme Signing CA"))
        #expect(first.sealCredentials.certificate.subject.description.contains("Acme seal"))
        #expect(first.sealCredentials.certificate.issuer == ca.subject)
        #expect(ca.notValidAfter.timeIntervalSince(ca.notValidBefore) > 19.9 * 365 * 24 * 3600)

        for (name, mode) in [(SigningKeys.caKeyFileName, 0o600), (SigningKeys.sealKeyFileName, 0o600), (SigningKeys.caCertificateFileName, 0o600)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: Self.file(name, in: directory).path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(name)")
        }
    }

    @Test func signerCertificatesNameTheSignerAndAreFreshEachTime() throws {
        let keys = SealingFixtures.keys
        let jane = SignerIdentity(name: "Jane Doe", email: "jane@example.com")
        let first = try keys.credentials(for: jane)
        let second = try keys.credentials(for: jane)
        #expect(first.privateKey.publicKey != second.privateKey.publicKey)
        let certificate = first.certificate
        #expect(certificate.subject.description.contains("CN=Jane Doe"))
        #expect(certificate.subject.contains { $0.contains { $0.type == .RDNAttributeType.emailAddress } })
        #expect(try certificate.extensions.subjectAlternativeNames?.contains(.rfc822Name("jane@example.com")) == true)
        #expect(try certificate.extensions.keyUsage == KeyUsage(digitalSignature: true, nonRepudiation: true))
        #expect(try certificate.extensions.extendedKeyUsage?.contains(.emailProtection) == true)
        #expect(try certificate.extensions.basicConstraints == .notCertificateAuthority)
        let ca = try Certificate(pemEncoded: keys.caCertificatePEM)
        #expect(certificate.issuer == ca.subject)
        #expect(ca.publicKey.isValidSignature(certificate.signature, for: certificate))
        let lifetime = certificate.notValidAfter.timeIntervalSince(certificate.notValidBefore)
        #expect(lifetime > 1.9 * 365 * 24 * 3600 && lifetime < 2.1 * 365 * 24 * 3600)

        for issued in [certificate, ca, keys.sealCredentials.certificate] {
            let serial = Array(issued.serialNumber.bytes)
            #expect(serial.count == 20 && serial[0] < 0x80, "serial \(issued.serialNumber) is not 20 octets in DER")
        }

        let unicode = try keys.credentials(for: SignerIdentity(name: "José", email: "josé@exämple.com"))
        #expect(unicode.certificate.subject.description.contains("José"))
        #expect(try unicode.certificate.extensions.subjectAlternativeNames == nil)
    }

    /// A root CA and an intermediate CA it issued, each with its key.
    private static func operatorPKI() throws -> (root: Certificate, intermediate: Certificate, intermediateKey: Certificate.PrivateKey) {
        let rootKey = Certificate.PrivateKey(P384.Signing.PrivateKey())
        let rootName = try DistinguishedName { CommonName("Operator Root") }
        let now = Date()
        let root = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: rootKey.publicKey,
            notValidBefore: now - 3600, notValidAfter: now + 3600 * 24 * 3650, issuer: rootName, subject: rootName,
            signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 1))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: rootKey
        )
        let intermediateKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let intermediate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: intermediateKey.publicKey,
            notValidBefore: now - 3600, notValidAfter: now + 3600 * 24 * 1000, issuer: rootName,
            subject: try DistinguishedName { CommonName("Operator Signing Intermediate") },
            signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: rootKey
        )
        return (root, intermediate, intermediateKey)
    }

    @Test func anOperatorChainIsUsedWhenPresent() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")

        let pki = try Self.operatorPKI()
        let chainPEM = try pki.intermediate.serializeAsPEM().pemString + "\n" + pki.root.serializeAsPEM().pemString + "\n"
        try Data(chainPEM.utf8).write(to: Self.file(SigningKeys.caCertificateFileName, in: directory))
        try Data(try pki.intermediateKey.serializeAsPEM().pemString.utf8).write(to: Self.file(SigningKeys.caKeyFileName, in: directory))

        let keys = try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        #expect(keys.caCertificatePEM == (try pki.root.serializeAsPEM().pemString))
        #expect(keys.sealCredentials.certificate != generated.sealCredentials.certificate, "the seal was not issued again by the new CA")
        #expect(keys.sealCredentials.certificate.issuer == pki.intermediate.subject)
        #expect(keys.sealCredentials.chain == [pki.intermediate, pki.root])
        #expect(keys.sealCredentials.certificate.notValidAfter <= pki.intermediate.notValidAfter)

        let signer = try keys.credentials(for: SignerIdentity(name: "Jane Doe", email: "jane@example.com"))
        #expect(signer.certificate.issuer == pki.intermediate.subject)
        #expect(pki.intermediate.publicKey.isValidSignature(signer.certificate.signature, for: signer.certificate))
        #expect(signer.chain == [pki.intermediate, pki.root])

        let reloaded = try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        #expect(reloaded.sealCredentials.certificate == keys.sealCredentials.certificate)
    }

    @Test func brokenFilesAreReportedClearly() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        let pki = try Self.operatorPKI()

        try Data(try pki.root.serializeAsPEM().pemString.utf8).write(to: Self.file(SigningKeys.caCertificateFileName, in: directory))
        #expect {
            try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        } throws: { error in
            guard case SigningKeysError.invalidAuthority(let reason) = error else { return false }
            return reason.contains("does not belong")
        }

        try FileManager.default.removeItem(at: Self.file(SigningKeys.caKeyFileName, in: directory))
        #expect {
            try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        } throws: { error in
            guard case KeyFileError.incomplete(_, let missing) = error else { return false }
            return missing.hasSuffix(SigningKeys.caKeyFileName)
        }

        try Data("garbage".utf8).write(to: Self.file(SigningKeys.caKeyFileName, in: directory))
        #expect(throws: KeyFileError.self) { try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme") }

        let leaf = try SealingFixtures.keys.credentials(for: SignerIdentity(name: "Not a CA", email: "x@example.com"))
        try Data(try leaf.certificate.serializeAsPEM().pemString.utf8).write(to: Self.file(SigningKeys.caCertificateFileName, in: directory))
        try Data(try leaf.privateKey.serializeAsPEM().pemString.utf8).write(to: Self.file(SigningKeys.caKeyFileName, in: directory))
        #expect {
            try SigningKeys.loadOrCreate(in: directory.path, commonName: "Acme")
        } throws: { error in
            guard case SigningKeysError.invalidAuthority(let reason) = error else { return false }
            return reason.contains("not a CA")
        }
    }
}
