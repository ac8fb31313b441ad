#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Crypto
import Foundation

/// A 256-bit server secret kept in a file of the keys directory, such as
/// `<keysDirectory>/signing/link.key`: 32 random bytes, readable by the server's user only
/// (mode 0600, in a directory of mode 0700), made on first start.
///
/// A new key is written to a temporary file and hard-linked into place, so the file appears
/// whole or not at all, and when two processes start at once on a shared keys directory only
/// one key is ever written and both use it. A file that exists but does not
/// hold exactly 32 bytes is an error, never silently replaced: replacing a key would invalidate
/// everything made with it (signing links, webhook secrets).
///
/// ```swift
/// let key = try SecretKeyFile(directory: keysDirectory, name: "signing/webhook.key").loadOrCreate()
/// ```
struct SecretKeyFile: Sendable {
    /// The key's length in bytes.
    static let keyLength = 32

    /// The file's path.
    let path: String

    /// The file `name` (which may contain one directory, such as `signing/link.key`) in
    /// `directory`.
    init(directory: String, name: String) {
        path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }

    /// The key in the file, after creating the file with a new random key if there is none.
    ///
    /// - Throws: ``Problem`` when the file cannot be read or written, or holds something other
    ///   than 32 bytes.
    func loadOrCreate() throws -> SymmetricKey {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let key = try create() { return key }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(path: path, reason: "it exists but cannot be read")
        }
        guard data.count == Self.keyLength else {
            throw Problem(path: path, reason: "it holds \(data.count) bytes instead of \(Self.keyLength); restore it from a backup or remove it to make a new key, which invalidates everything made with the old one")
        }
        return SymmetricKey(data: data)
    }

    /// Writes a new random key to the file if it does not exist yet: into a temporary file
    /// first, which is then hard-linked to the final name, so that the file appears whole or
    /// not at all and an existing one is never overwritten.
    ///
    /// - Returns: The new key, or `nil` when the file already exists.
    private func create() throws -> SymmetricKey? {
        if FileManager.default.fileExists(atPath: path) { return nil }
        let temporary = "\(path).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Problem(path: path, reason: "it cannot be created (\(Self.lastSystemError()))") }
        defer { unlink(temporary) }
        let key = SymmetricKey(size: .bits256)
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == Self.keyLength, synced else {
            throw Problem(path: path, reason: "the new key cannot be written (\(Self.lastSystemError()))")
        }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return nil }
            throw Problem(path: path, reason: "it cannot be created (\(Self.lastSystemError()))")
        }
        return key
    }

    /// The text of the last system error (`errno`).
    private static func lastSystemError() -> String {
        String(cString: strerror(errno))
    }

    /// Why a key file cannot be used.
    struct Problem: Error, CustomStringConvertible {
        /// The key file.
        let path: String
        /// What is wrong with it.
        let reason: String

        var description: String { "The key file \(path) cannot be used: \(reason)." }
    }
}
