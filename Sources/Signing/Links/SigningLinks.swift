import Accounts
import Crypto
import Foundation
import Storage

/// Makes and checks recipients' signing links without storing them.
///
/// A link's token is `<document id>.<recipient index>.<MAC>`, where the MAC is HMAC-SHA256 (cut
/// to 128 bits, base64url) keyed by the server's link key over the document id, the index and
/// the recipient's ``DocumentRecipient/linkNonce``. The database holds only the nonce, so a copy
/// of it gives no working links; a new nonce (on reassignment) revokes the old link. The key is
/// `signing/link.key` in the keys directory, made on first start, and rotates as a
/// ``Storage/KeyRing``: links are made with the current key, and those of the next and previous
/// keys are accepted too.
public struct SigningLinks: Sendable {
    /// The name of the key's file inside the keys directory.
    public static let keyFileName = "signing/link.key"

    private let keys: KeyRing<SymmetricKey>

    /// Uses `key` (32 random bytes).
    public init(key: SymmetricKey) {
        self.init(keys: KeyRing(current: key))
    }

    /// Makes links with the current key of `keys` and accepts those of all of them.
    public init(keys: KeyRing<SymmetricKey>) {
        self.keys = keys
    }

    /// Loads the keys from `<keysDirectory>/signing/link.key` and its ring, creating the key
    /// on first start.
    ///
    /// - Throws: ``Storage/KeyFileError`` when a key file cannot be used.
    public static func loadOrCreate(in keysDirectory: String) throws -> SigningLinks {
        SigningLinks(keys: try KeyRing.load(in: keysDirectory, name: keyFileName, format: .symmetricKey256, make: makeKey))
    }

    /// Takes the next step of the rotation of `<keysDirectory>/signing/link.key`.
    ///
    /// - Throws: ``Storage/KeyFileError``.
    public static func rotateKey(in keysDirectory: String) throws -> KeyRotationStep {
        try KeyRing.rotate(in: keysDirectory, name: keyFileName, format: .symmetricKey256, make: makeKey)
    }

    private static func makeKey() -> SymmetricKey {
        SymmetricKey(size: .bits256)
    }

    /// A fresh nonce for a recipient's link.
    public static func makeNonce() -> String {
        SymmetricKey(size: .bits128).withUnsafeBytes { Base64URL.encode($0) }
    }

    /// The token of recipient `index` of `document`.
    public func token(documentID: String, recipientIndex: Int, nonce: String) -> String {
        "\(documentID).\(recipientIndex).\(mac(documentID: documentID, recipientIndex: recipientIndex, nonce: nonce))"
    }

    /// The document id and recipient index a token names, before its MAC is checked.
    public func parse(_ token: String) -> (documentID: String, recipientIndex: Int)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let index = Int(parts[1]), index >= 0, parts[0].count <= 64 else { return nil }
        return (String(parts[0]), index)
    }

    /// Whether `token` is the current link of recipient `index` with `nonce`.
    public func isValid(_ token: String, documentID: String, recipientIndex: Int, nonce: String) -> Bool {
        let prefix = "\(documentID).\(recipientIndex)."
        guard token.hasPrefix(prefix) else { return false }
        return isMAC(String(token.dropFirst(prefix.count)), of: "\(documentID)|\(recipientIndex)|\(nonce)")
    }

    private func mac(documentID: String, recipientIndex: Int, nonce: String) -> String {
        mac(of: "\(documentID)|\(recipientIndex)|\(nonce)")
    }

    /// HMAC-SHA256 of `text` with the current link key, cut to 128 bits, in base64url.
    func mac(of text: String) -> String {
        Self.mac(of: text, key: keys.current)
    }

    /// Whether `candidate` is the MAC of `text` under any accepted link key, each compared in
    /// constant time.
    func isMAC(_ candidate: String, of text: String) -> Bool {
        keys.accepted.reduce(false) { found, key in ConstantTime.equal(Self.mac(of: text, key: key), candidate) || found }
    }

    private static func mac(of text: String, key: SymmetricKey) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)).prefix(16))
    }
}
