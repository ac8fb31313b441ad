import Crypto
import Foundation
import TransparencyLog

/// The Ed25519 key that signs the log's checkpoints, kept in `DATA/keys/log.key` in its C2SP
/// signer-key text form (mode 0600), created on first start.
public enum LogKey {
    /// Loads the signer for `origin` from `directory`, creating the key on first use.
    ///
    /// - Throws: When the stored key is for another origin: a log's name never changes, so a
    ///   mismatch means the wrong data directory or configuration.
    public static func loadOrCreate(in directory: String, origin: String) throws -> Ed25519NoteSigner {
        let path = URL(fileURLWithPath: directory).appendingPathComponent("log.key").path
        if let text = FileManager.default.contents(atPath: path).flatMap({ String(data: $0, encoding: .utf8) }) {
            let signer = try Ed25519NoteSigner(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))
            guard signer.keyName == origin else { throw Mismatch(stored: signer.keyName, configured: origin) }
            return signer
        }
        let signer = try Ed25519NoteSigner(name: origin, privateKey: Curve25519.Signing.PrivateKey())
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard FileManager.default.createFile(atPath: path, contents: Data((signer.signerKey + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return signer
    }

    /// The stored key belongs to a log with another name.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The origin the stored key names.
        public let stored: String
        /// The origin the server was configured with.
        public let configured: String
        public var description: String {
            "keys/log.key signs for log '\(stored)', but the configured log origin is '\(configured)'"
        }
    }
}
