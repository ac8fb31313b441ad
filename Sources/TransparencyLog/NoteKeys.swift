import Crypto
import Foundation

/// Checks signatures of one key on signed notes.
public protocol NoteVerifier: Sendable {
    /// The key's name, as it appears on signature lines.
    var keyName: String { get }
    /// The key's 32-bit identifier, the first four bytes of each signature.
    var keyID: UInt32 { get }
    /// Whether `signature` (without the key ID) is this key's signature of `text`.
    func isValidSignature(_ signature: [UInt8], for text: [UInt8]) -> Bool
}

/// Signs note texts with one key.
public protocol NoteSigner: Sendable {
    /// The key's name, as it appears on signature lines.
    var keyName: String { get }
    /// The key's 32-bit identifier.
    var keyID: UInt32 { get }
    /// This key's signature of `text` (without the key ID).
    func signature(for text: [UInt8]) throws -> [UInt8]
}

/// Key names and identifiers as the C2SP signed-note specification defines them.
public enum NoteKey {
    /// The signature type byte of plain Ed25519 note signatures.
    public static let ed25519Type: UInt8 = 0x01

    /// `SHA-256(name || 0x0A || type || publicKey)[:4]` as a big-endian number.
    public static func keyID(name: String, type: UInt8, publicKey: [UInt8]) -> UInt32 {
        let digest = Array(SHA256.hash(data: Array(name.utf8) + [0x0A, type] + publicKey))
        return digest[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Whether `name` may name a key: not empty, and without spaces, `+` or control characters.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "+" && $0.value != 0x7F }
    }

    /// The key ID as eight lowercase hex digits, as key strings write it.
    public static func hex(_ keyID: UInt32) -> String {
        let text = String(keyID, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }

    /// Splits an Ed25519 key string into its name, key ID and the 32 raw key bytes that
    /// follow the type byte `0x01`.
    static func ed25519Parts(of key: some StringProtocol) throws -> (name: String, keyID: UInt32, rawKey: [UInt8]) {
        let (name, keyID, material) = try parts(of: key)
        guard material.count == 33, material[0] == ed25519Type else { throw NoteError.invalidKey("not an Ed25519 key") }
        return (name, keyID, Array(material[1...]))
    }

    /// Splits `name+hexID+base64` (after any prefix) into its parts, checking the ID's form.
    static func parts(of key: some StringProtocol) throws -> (name: String, keyID: UInt32, material: [UInt8]) {
        let fields = key.split(separator: "+", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { throw NoteError.invalidKey("expected NAME+KEYID+BASE64") }
        let name = String(fields[0])
        guard isValidName(name) else { throw NoteError.invalidKey("'\(name)' is not a valid key name") }
        guard fields[1].utf8.count == 8, let keyID = UInt32(fields[1], radix: 16), String(fields[1]) == hex(keyID) else {
            throw NoteError.invalidKey("key ID must be 8 lowercase hex digits")
        }
        guard let material = Data(base64Encoded: String(fields[2])) else { throw NoteError.invalidKey("key is not base64") }
        return (name, keyID, Array(material))
    }
}

/// An Ed25519 verifier key, read from the C2SP text form `name+keyid+base64(0x01 || publicKey)`.
///
/// ```swift
/// let verifier = try Ed25519NoteVerifier(parsing: "example.com/log+530d903a+AZ…")
/// ```
public struct Ed25519NoteVerifier: NoteVerifier {
    public let keyName: String
    public let keyID: UInt32
    /// The Ed25519 public key.
    public let publicKey: Curve25519.Signing.PublicKey

    /// A verifier for `publicKey` under `name`.
    public init(name: String, publicKey: Curve25519.Signing.PublicKey) throws {
        guard NoteKey.isValidName(name) else { throw NoteError.invalidKey("'\(name)' is not a valid key name") }
        self.keyName = name
        self.publicKey = publicKey
        self.keyID = NoteKey.keyID(name: name, type: NoteKey.ed25519Type, publicKey: Array(publicKey.rawRepresentation))
    }

    /// Parses a verifier key and checks that its key ID matches its name and public key.
    public init(parsing text: String) throws {
        let (name, keyID, rawKey) = try NoteKey.ed25519Parts(of: text)
        guard let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: rawKey) else {
            throw NoteError.invalidKey("not an Ed25519 public key")
        }
        try self.init(name: name, publicKey: publicKey)
        guard self.keyID == keyID else { throw NoteError.invalidKey("key ID does not match the key") }
    }

    /// The key in its C2SP text form, to publish as the log's verifier key.
    public var verifierKey: String {
        "\(keyName)+\(NoteKey.hex(keyID))+" + Data([NoteKey.ed25519Type] + publicKey.rawRepresentation).base64EncodedString()
    }

    public func isValidSignature(_ signature: [UInt8], for text: [UInt8]) -> Bool {
        signature.count == 64 && publicKey.isValidSignature(signature, for: text)
    }
}

/// An Ed25519 signing key for notes, with the C2SP text form
/// `PRIVATE+KEY+name+keyid+base64(0x01 || seed)`.
public struct Ed25519NoteSigner: NoteSigner {
    public let keyName: String
    public let keyID: UInt32
    private let privateKey: Curve25519.Signing.PrivateKey

    /// A signer for `privateKey` under `name`.
    public init(name: String, privateKey: Curve25519.Signing.PrivateKey) throws {
        guard NoteKey.isValidName(name) else { throw NoteError.invalidKey("'\(name)' is not a valid key name") }
        self.keyName = name
        self.privateKey = privateKey
        self.keyID = NoteKey.keyID(name: name, type: NoteKey.ed25519Type, publicKey: Array(privateKey.publicKey.rawRepresentation))
    }

    /// Parses a signer key and checks that its key ID matches.
    public init(parsing text: String) throws {
        let prefix = "PRIVATE+KEY+"
        guard text.hasPrefix(prefix) else { throw NoteError.invalidKey("signer keys start with \(prefix)") }
        let (name, keyID, rawKey) = try NoteKey.ed25519Parts(of: text.dropFirst(prefix.count))
        guard let privateKey = try? Curve25519.Signing.PrivateKey(rawRepresentation: rawKey) else {
            throw NoteError.invalidKey("not an Ed25519 private key")
        }
        try self.init(name: name, privateKey: privateKey)
        guard self.keyID == keyID else { throw NoteError.invalidKey("key ID does not match the key") }
    }

    /// The signer key in its C2SP text form. It is a secret: store it like one.
    public var signerKey: String {
        "PRIVATE+KEY+\(keyName)+\(NoteKey.hex(keyID))+" + Data([NoteKey.ed25519Type] + privateKey.rawRepresentation).base64EncodedString()
    }

    /// The verifier that checks this key's signatures.
    public var verifier: Ed25519NoteVerifier {
        // The name was validated when this signer was made, so this cannot fail.
        try! Ed25519NoteVerifier(name: keyName, publicKey: privateKey.publicKey)
    }

    public func signature(for text: [UInt8]) throws -> [UInt8] {
        Array(try privateKey.signature(for: text))
    }
}
