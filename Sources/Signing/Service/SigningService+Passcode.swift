import Accounts
import Foundation
import HTTPSupport
import HTTPTypes

extension SigningService {
    /// The bcrypt hashes of `recipients`' passcodes, in their order; `nil` for a recipient
    /// without one. A passcode is short, so it is stored as a password is, never as a plain digest.
    func hashPasscodes(of recipients: [DocumentRequest.Recipient]) async throws -> [String?] {
        var hashes: [String?] = []
        for recipient in recipients {
            guard let passcode = recipient.passcode else {
                hashes.append(nil)
                continue
            }
            hashes.append(try await passwords.hash(passcode))
        }
        return hashes
    }

    /// Checks the passcode of the recipient whom `token` names and, when it is right, answers a
    /// proof of it (``SigningLinks/unlockProof(token:nonce:passcodeHash:expiry:)``) that the
    /// signing page sends with its other requests. Both outcomes go into the audit trail.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 404 as ``resolve(token:)`` does; 409 when the recipient
    ///   has no passcode; 429 while the link is locked out after too many wrong passcodes
    ///   (``PasscodeAttempts``); 403 for a wrong passcode.
    func unlock(token: String, passcode: String, client: ClientInfo) async throws -> String {
        let (document, index) = try await resolve(token: token)
        let recipient = document.recipients[index]
        guard let passcodeHash = recipient.passcodeHash else { throw APIError(.conflict, "This signing link needs no passcode.") }
        let link = "\(document.id)|\(index)|\(recipient.linkNonce)"
        if let lockedUntil = try await passcodeAttempts.begin(on: link) { throw Self.lockedOut(until: lockedUntil) }
        let matches = try await passwords.verify(passcode, hash: passcodeHash)
        if matches { try await passcodeAttempts.succeeded(on: link) }
        _ = try await change(document.id) { document in
            document.events.append(
                DocumentEvent(
                    kind: matches ? .passcodeVerified : .passcodeFailed, recipientID: recipient.id,
                    ipAddress: client.ipAddress, userAgent: client.userAgent
                ))
        }
        guard matches else { throw APIError(.forbidden, "This passcode is not right. Check it with the sender and try again.") }
        return links.unlockProof(
            token: token, nonce: recipient.linkNonce, passcodeHash: passcodeHash, expiry: Date().addingTimeInterval(SigningLinks.unlockLifetime)
        )
    }

    /// Whether `proof` opens the part of recipient `index` of `document` for `token`; always
    /// for a recipient without a passcode.
    func isUnlocked(_ document: SigningDocument, recipientIndex index: Int, token: String, proof: String?) -> Bool {
        let recipient = document.recipients[index]
        guard let passcodeHash = recipient.passcodeHash else { return true }
        guard let proof else { return false }
        return links.isValidUnlockProof(proof, token: token, nonce: recipient.linkNonce, passcodeHash: passcodeHash)
    }

    /// The document and recipient `token` opens, when `proof` unlocks the recipient's part.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 404 as ``resolve(token:)`` does; 403 when the recipient
    ///   has a passcode and `proof` is missing, expired, or was made for another link.
    func resolve(token: String, unlock proof: String?) async throws -> (document: SigningDocument, recipientIndex: Int) {
        let (document, index) = try await resolve(token: token)
        guard isUnlocked(document, recipientIndex: index, token: token, proof: proof) else {
            throw APIError(.forbidden, "This document is protected by a passcode. Enter it to continue.")
        }
        return (document, index)
    }

    /// The 429 for a locked-out link, with `Retry-After`.
    private static func lockedOut(until lockedUntil: Date) -> APIError {
        let seconds = max(1, Int(lockedUntil.timeIntervalSinceNow.rounded(.up)))
        let minutes = (seconds + 59) / 60
        return APIError(
            .tooManyRequests, "Too many wrong passcodes. Try again in \(minutes) \(minutes == 1 ? "minute" : "minutes").",
            headers: [.retryAfter: String(seconds)]
        )
    }
}
