import Foundation
import HTTPSupport
import HTTPTypes
import Logging

extension SigningService {
    /// The document and recipient a signing token opens, whether or not the recipient's
    /// passcode was entered (see ``resolve(token:unlock:)`` for the check).
    ///
    /// - Throws: ``HTTPSupport/APIError`` 404 for a token that is malformed, revoked or of a
    ///   deleted document (all alike, so tokens cannot be probed).
    func resolve(token: String) async throws -> (document: SigningDocument, recipientIndex: Int) {
        let notFound = APIError(.notFound, "This signing link is not valid. Ask the sender for a new one.")
        guard let (documentID, index) = links.parse(token), let document = try await store.record(id: documentID),
            document.recipients.indices.contains(index),
            links.isValid(token, documentID: documentID, recipientIndex: index, nonce: document.recipients[index].linkNonce)
        else { throw notFound }
        return (try await expiringIfDue(document), index)
    }

    /// Where the recipient stands, as the signing page shows it.
    static func state(of document: SigningDocument, recipientIndex: Int, now: Date = Date()) -> String {
        let recipient = document.recipients[recipientIndex]
        if recipient.status == .signed { return document.status == .completed ? "completed" : "signed" }
        if recipient.status == .declined { return "declined" }
        switch document.status {
        case .completed: return "completed"
        case .declined: return "declined"
        case .canceled, .draft: return "canceled"
        case .expired: return "expired"
        case .sent, .pending:
            if let expiresAt = document.expiresAt, expiresAt < now { return "expired" }
            return document.isTurn(of: recipient.id) ? "ready" : "waiting"
        }
    }

    /// Opens the signing page's session: records the first view in the audit trail and tells
    /// the webhooks about every view. A recipient with a passcode whose `proof` does not unlock
    /// their part has not seen the document: their session is `locked` and nothing is recorded.
    func openSession(
        token: String, unlock proof: String?, client: ClientInfo
    ) async throws -> (document: SigningDocument, recipientIndex: Int, isLocked: Bool) {
        let resolved = try await resolve(token: token)
        var document = resolved.document
        let index = resolved.recipientIndex
        guard isUnlocked(document, recipientIndex: index, token: token, proof: proof) else { return (document, index, true) }
        guard Self.state(of: document, recipientIndex: index) == "ready" else { return (document, index, false) }
        if document.recipients[index].viewedAt == nil {
            document = try await change(document.id) { document in
                guard document.recipients[index].viewedAt == nil else { return }
                let now = Date()
                document.recipients[index].viewedAt = now
                document.recipients[index].status = .viewed
                document.events.append(
                    DocumentEvent(
                        time: now, kind: .viewed, recipientID: document.recipients[index].id,
                        ipAddress: client.ipAddress, userAgent: client.userAgent))
            }
        }
        await webhooks.announce(.documentViewed, document: document, relatedSigner: document.recipients[index])
        return (document, index, false)
    }

    /// Records a recipient's refusal to sign; the document is declined.
    func decline(token: String, unlock proof: String?, reason: String?, client: ClientInfo) async throws -> SigningDocument {
        let (document, index) = try await resolve(token: token, unlock: proof)
        guard document.allowDecline else { throw APIError(.forbidden, "The sender does not allow declining this document.") }
        let declined = try await change(document.id) { document in
            guard Self.state(of: document, recipientIndex: index) == "ready" else {
                throw APIError(.conflict, "This document can no longer be declined: it is \(Self.state(of: document, recipientIndex: index)).")
            }
            let now = Date()
            document.recipients[index].status = .declined
            document.recipients[index].declinedAt = now
            document.recipients[index].declineReason = reason
            document.declineMessage = reason
            document.status = .declined
            document.events.append(
                DocumentEvent(
                    time: now, kind: .declined, recipientID: document.recipients[index].id,
                    ipAddress: client.ipAddress, userAgent: client.userAgent, detail: reason))
        }
        await webhooks.announce(.documentDeclined, document: declined, relatedSigner: declined.recipients[index])
        do {
            try await mail.tellSender(.declined(recipientIndex: index), about: declined)
        } catch {
            logger.error("decline mail could not be queued", metadata: ["document": "\(declined.id)", "error": "\(error)"])
        }
        return declined
    }

    /// Signs for a recipient: checks their values, burns them and their signature into a new
    /// PDF revision signed for them, and completes the document when they were the last.
    func complete(
        token: String, unlock proof: String?, submission: SigningSubmission, client: ClientInfo
    ) async throws -> (document: SigningDocument, recipientIndex: Int) {
        let (document, index) = try await resolve(token: token, unlock: proof)
        let signed = try await change(document.id) { document in
            let state = Self.state(of: document, recipientIndex: index)
            guard state == "ready" else {
                throw APIError(
                    .conflict, state == "waiting" ? "It is not your turn to sign yet." : "This document can no longer be signed: it is \(state).")
            }
            let now = Date()
            let recipient = document.recipients[index]
            let filled = try FieldFilling(document: document, recipient: recipient, submission: submission, now: now).filled()
            let sealed = try await RecipientSealer(keys: keys, timeStamper: nil).seal(
                try await loadPDF(document.currentPDF), marks: filled.marks,
                signer: SignerIdentity(name: recipient.name, email: recipient.email),
                reason: "Signed by \(recipient.name) <\(recipient.email)>", signingTime: now
            )
            document.currentPDF = try await storePDF(sealed)
            for (fieldIndex, value) in filled.values { document.fields[fieldIndex].value = value }
            document.recipients[index].status = .signed
            document.recipients[index].signedAt = now
            document.events.append(
                DocumentEvent(time: now, kind: .signed, recipientID: recipient.id, ipAddress: client.ipAddress, userAgent: client.userAgent))
            if document.recipients.allSatisfy({ $0.status == .signed }) {
                try await seal(&document, at: now)
            } else {
                document.status = .pending
                document.refreshRecipientStatuses()
            }
        }
        let signatures = signed.events.filter { $0.kind == .signed }.count
        if signatures == 1 && signed.status != .completed { await webhooks.announce(.documentInProgress, document: signed) }
        await webhooks.announce(.documentSigned, document: signed, relatedSigner: signed.recipients[index])
        if signed.status == .completed { await webhooks.announce(.documentCompleted, document: signed) }
        await mail.requestSignatures(signed, before: document)
        if signed.status == .completed, mail.isEnabled {
            do {
                await mail.sendCompleted(signed, file: try await CompletedFile.of(signed, auditPage: true, format: .pdf, service: self))
            } catch {
                logger.error("the completed file could not be made for its mail", metadata: ["document": "\(signed.id)", "error": "\(error)"])
            }
        }
        return (signed, index)
    }
}
