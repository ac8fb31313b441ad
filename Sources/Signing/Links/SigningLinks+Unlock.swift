import Accounts
import Foundation

extension SigningLinks {
    /// How long an unlock proof works: a working day and then some, so that a signer who
    /// entered the passcode is not asked again while they read, yet a proof copied somewhere
    /// stops working on its own.
    static let unlockLifetime: TimeInterval = 12 * 3600

    /// A proof that the holder of signing link `token` entered the recipient's passcode, valid
    /// until `expiry`: `<expiry, unix seconds>.<MAC>`, the MAC (the link key, as for signing
    /// links) over the token, the recipient's current ``DocumentRecipient/linkNonce``, their
    /// ``DocumentRecipient/passcodeHash`` and the expiry.
    ///
    /// Binding the nonce and the hash makes a reassignment or a new passcode revoke every
    /// proof given before; binding the token keeps a proof to the one recipient it was made for.
    func unlockProof(token: String, nonce: String, passcodeHash: String, expiry: Date) -> String {
        let seconds = Int(expiry.timeIntervalSince1970)
        return "\(seconds).\(unlockMAC(token: token, nonce: nonce, passcodeHash: passcodeHash, expiry: seconds))"
    }

    /// Whether `proof` was made by ``unlockProof(token:nonce:passcodeHash:expiry:)`` for these
    /// values and has not expired at `now`.
    func isValidUnlockProof(_ proof: String, token: String, nonce: String, passcodeHash: String, now: Date = Date()) -> Bool {
        let parts = proof.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let expiry = Int(parts[0]), Double(expiry) > now.timeIntervalSince1970 else { return false }
        return isMAC(String(parts[1]), of: Self.unlockText(token: token, nonce: nonce, passcodeHash: passcodeHash, expiry: expiry))
    }

    private func unlockMAC(token: String, nonce: String, passcodeHash: String, expiry: Int) -> String {
        mac(of: Self.unlockText(token: token, nonce: nonce, passcodeHash: passcodeHash, expiry: expiry))
    }

    /// What an unlock proof's MAC is over.
    private static func unlockText(token: String, nonce: String, passcodeHash: String, expiry: Int) -> String {
        "unlock|\(token)|\(nonce)|\(passcodeHash)|\(expiry)"
    }
}
