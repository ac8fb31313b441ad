import Foundation
import TimeStamping

/// The time-stamp authority's keys in the data directory: `tsa-root.pem` (the trust anchor
/// clients pin), `tsa.pem` (the TSA certificate) and their private keys `tsa-root.key` and
/// `tsa.key` (mode 0600), generated on first start.
public enum TSAKeyFiles {
    private static let files = (rootCertificate: "tsa-root.pem", rootKey: "tsa-root.key", certificate: "tsa.pem", signingKey: "tsa.key")

    /// Loads the keys from `directory`, generating and storing a new chain on first use.
    public static func loadOrCreate(in directory: String, commonName: String) throws -> TSAKeys {
        let url = URL(fileURLWithPath: directory)
        func read(_ name: String) -> String? {
            FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
        }
        if let rootCertificate = read(files.rootCertificate), let rootKey = read(files.rootKey),
           let certificate = read(files.certificate), let signingKey = read(files.signingKey) {
            return try TSAKeys(rootCertificatePEM: rootCertificate, rootKeyPEM: rootKey, certificatePEM: certificate, signingKeyPEM: signingKey)
        }
        let keys = try TSAKeys.generate(commonName: commonName)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for (name, text, mode) in [
            (files.rootKey, keys.rootKeyPEM, 0o600), (files.signingKey, keys.signingKeyPEM, 0o600),
            (files.certificate, try keys.certificatePEM, 0o644), (files.rootCertificate, try keys.rootCertificatePEM, 0o644),
        ] {
            let path = url.appendingPathComponent(name).path
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode]) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        return keys
    }
}
