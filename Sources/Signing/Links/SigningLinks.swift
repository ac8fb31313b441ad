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
/// `signing/link.key` in the keys directory, made on first start.
public struct SigningLinks: Sendable {
    private let key: SymmetricKey

    /// Uses `key` (32 random bytes).
    public init(key: SymmetricKey) {
        self.key = key
    }

    /// Loads the key from `<keysDirectory>/signing/link.key`, creating it on first start.
    ///
    /// - Throws: ``Storage/KeyFileError`` when the key file cannot be used.
    public static func loadOrCreate(in keysDirectory: String) throws -> SigningLinks {
        SigningLinks(key: try KeyFile(directory: keysDirectory, name: "signing/link.key").loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) })
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
        ConstantTime.equal(self.token(documentID: documentID, recipientIndex: recipientIndex, nonce: nonce), token)
    }

    private func mac(documentID: String, recipientIndex: Int, nonce: String) -> String {
        mac(of: "\(documentID)|\(recipientIndex)|\(nonce)")
    }

    /// HMAC-SHA256 of `text` with the link key, cut to 128 bits, in base64url.
    func mac(of text: String) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)).prefix(16))
    }
}
