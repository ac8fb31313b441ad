import Crypto
import Foundation
import Storage
import TransparencyLog

/// The Ed25519 key that signs the log's checkpoints, kept in `DATA/keys/log.key` in its C2SP
/// signer-key text form, a ``Storage/KeyFile`` created on first start.
public enum LogKey {
    /// The key file's name in the keys directory.
    public static let fileName = "log.key"

    /// How the key is kept: the signer key's text and a newline.
    static let format = KeyFileFormat<Ed25519NoteSigner>(
        contents: "an Ed25519 signer key in C2SP note form (PRIVATE+KEY+…)",
        encode: { Data(($0.signerKey + "\n").utf8) },
        decode: { data in
            guard let text = String(data: data, encoding: .utf8) else { throw KeyFileFormat<Ed25519NoteSigner>.Malformed("it is not text") }
            return try Ed25519NoteSigner(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    )

    /// Loads the signer for `origin` from `directory`, creating the key on first use.
    ///
    /// - Throws: ``Storage/KeyFileError`` when the file is unreadable or damaged; ``Mismatch``
    ///   when the stored key is for another origin: a log's name never changes, so a mismatch
    ///   means the wrong data directory or configuration.
    public static func loadOrCreate(in directory: String, origin: String) throws -> Ed25519NoteSigner {
        let signer = try KeyFile(directory: directory, name: fileName).loadOrCreate(format) {
            try Ed25519NoteSigner(name: origin, privateKey: Curve25519.Signing.PrivateKey())
        }
        guard signer.keyName == origin else { throw Mismatch(stored: signer.keyName, configured: origin) }
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
