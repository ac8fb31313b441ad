import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import TimeStamping
import X509

/// A certificate authority made for one test and a server certificate it issued for
/// 127.0.0.1 and `localhost`, written as PEM files for ``TestSMTPServer``'s STARTTLS, with the
/// client's TLS configuration that trusts the authority only.
struct TestMailCertificates {
    /// The server certificate's PEM file.
    let certificateFile: URL
    /// The server key's PEM file.
    let keyFile: URL
    /// A client configuration that trusts the test authority and nothing else, with full verification.
    let clientConfiguration: TLSConfiguration

    /// Makes the authority and the server certificate, and writes the files into `directory`.
    init(directory: String) throws {
        let now = Date()
        let authority = try LocalCertificateAuthority(
            commonName: "Chancery Mail Test CA",
            key: Certificate.PrivateKey(P256.Signing.PrivateKey()),
            signatureAlgorithm: .ecdsaWithSHA256,
            notBefore: now.addingTimeInterval(-3600),
            lifetime: 86400
        )
        let serverKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let server = try authority.issue(
            subject: DistinguishedName { CommonName("localhost") },
            publicKey: serverKey.publicKey,
            notBefore: now.addingTimeInterval(-3600),
            notAfter: now.addingTimeInterval(86400),
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            }
        )
        certificateFile = URL(fileURLWithPath: directory).appendingPathComponent("server.pem")
        keyFile = URL(fileURLWithPath: directory).appendingPathComponent("server-key.pem")
        try server.serializeAsPEM().pemString.write(to: certificateFile, atomically: true, encoding: .utf8)
        try serverKey.serializeAsPEM().pemString.write(to: keyFile, atomically: true, encoding: .utf8)
        var configuration = TLSConfiguration.makeClientConfiguration()
        let authorityPEM = try authority.certificate.serializeAsPEM().pemString
        configuration.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(authorityPEM.utf8), format: .pem)])
        clientConfiguration = configuration
    }

    /// The script's arguments for STARTTLS with this certificate.
    var serverArguments: [String] {
        ["--tls-cert", certificateFile.path, "--tls-key", keyFile.path]
    }
}
