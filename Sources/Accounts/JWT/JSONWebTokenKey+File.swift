import Crypto
import Foundation

extension JSONWebTokenKey {
    /// The name of the key's file inside the keys directory.
    public static let fileName = "oauth2-signing.pem"

    /// The key stored in `<directory>/oauth2-signing.pem`, made and stored there (PKCS #8 PEM,
    /// mode 0600, the folder 0700) when the file does not exist yet.
    ///
    /// A new key is written to a temporary file and then hard-linked to its name, which fails
    /// when the name exists: when two servers sharing the directory start at once, one key
    /// wins and both use it.
    ///
    /// - Throws: ``JSONWebTokenKeyFileError``.
    public static func loadOrCreate(in directory: String) throws(JSONWebTokenKeyFileError) -> JSONWebTokenKey {
        let file = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        if let existing = try load(from: file) { return existing }
        let key = JSONWebTokenKey(privateKey: P256.Signing.PrivateKey())
        let temporary = file + ".\(UUID().uuidString).tmp"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritableFile(path: directory)
        }
        let pem = Data(key.privateKey.pemRepresentation.utf8)
        guard FileManager.default.createFile(atPath: temporary, contents: pem, attributes: [.posixPermissions: 0o600]) else {
            throw .unwritableFile(path: temporary)
        }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        do {
            try FileManager.default.linkItem(atPath: temporary, toPath: file)
        } catch {
            // Another process may have stored its key first: use that one.
            if let winner = try load(from: file) { return winner }
            throw .unwritableFile(path: file)
        }
        return key
    }

    /// The key in `file`, or `nil` when there is no such file.
    private static func load(from file: String) throws(JSONWebTokenKeyFileError) -> JSONWebTokenKey? {
        guard let contents = FileManager.default.contents(atPath: file) else { return nil }
        do {
            return JSONWebTokenKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: String(decoding: contents, as: UTF8.self)))
        } catch {
            throw .unreadableFile(path: file, reason: "not a PEM P-256 private key (\(error))")
        }
    }
}
