import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import JSON

extension SigningService {
    /// Deletes a document; one in progress is canceled first, so its links stop working and
    /// the webhooks hear `document_canceled`.
    func delete(_ document: SigningDocument, client: ClientInfo) async throws {
        if !document.status.isFinal && document.status != .draft {
            _ = try await cancel(document, client: client)
        }
        try await locks.withLock(document.id) { try await store.delete(id: document.id) }
    }

    /// Replaces the fields of a draft with those of `body` (`{"fields": [[field, …] per file]}`,
    /// as the API takes them when it creates a document), placed on its pages. The fields a
    /// signature page gave its recipients stay.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for invalid fields, 409 unless the document is a draft.
    func placeFields(on document: SigningDocument, body: [String: JSONValue]) async throws -> SigningDocument {
        let reader = RequestReader()
        let requested = FieldRequest.fields(
            body, recipientIDs: Set(document.recipients.map(\.id)), defaultRecipient: document.recipients.first?.id, reader: reader)
        try reader.throwIfFailed()
        return try await change(document.id) { document in
            guard document.status == .draft else {
                throw APIError(.conflict, "Fields can be placed only on a draft; this document is \(document.status.rawValue).")
            }
            let placed = Self.placedFields(requested, files: document.files, signaturePageBoxes: [], signaturePageIndex: nil, recipients: [])
            document.fields = placed + document.fields.filter { $0.fileIndex < 0 }
            for index in document.fields.indices { document.fields[index].id = "f\(index + 1)" }
        }
    }

    /// Cancels a document waiting for signatures and keeps it, with its audit trail: its
    /// signing links stop working and the webhooks hear `document_canceled`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 409 unless the document is sent or pending.
    func cancel(_ document: SigningDocument, client: ClientInfo) async throws -> SigningDocument {
        let canceled = try await change(document.id) { document in
            guard document.status == .sent || document.status == .pending else {
                throw APIError(.conflict, "Only a document waiting for signatures can be canceled; this one is \(document.status.rawValue).")
            }
            document.status = .canceled
            document.events.append(DocumentEvent(kind: .canceled, ipAddress: client.ipAddress, userAgent: client.userAgent))
        }
        await webhooks.announce(.documentCanceled, document: canceled)
        return canceled
    }

    /// Sends a draft, applying the request's changes first (`UpdateDocumentAndSendRequest`:
    /// name, subject, message, flags, expiry, redirects, metadata, labels).
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 unless the document is a draft, and for invalid values.
    func send(_ document: SigningDocument, updates body: [String: JSONValue], client: ClientInfo) async throws -> SigningDocument {
        let reader = RequestReader()
        let name = reader.string(body, "name", at: "name", maxLength: 255)
        let subject = reader.string(body, "subject", at: "subject", maxLength: 255)
        let message = reader.string(body, "message", at: "message")
        let expiresIn = reader.integer(body, "expires_in", at: "expires_in", in: 1...365)
        let redirectURL = reader.string(body, "redirect_url", at: "redirect_url", maxLength: 2048)
        let declineRedirectURL = reader.string(body, "decline_redirect_url", at: "decline_redirect_url", maxLength: 2048)
        for (key, value) in [("redirect_url", redirectURL), ("decline_redirect_url", declineRedirectURL)] {
            if let value, !DocumentRequest.isWebURL(value) { reader.fail(key, "must be an http or https URL") }
        }
        var requestedMetadata: [String: String]?
        if case .object(let members)? = body["metadata"] {
            requestedMetadata = members.compactMapValues(\.stringValue)
            if requestedMetadata?.count != members.count { reader.fail("metadata", "must be an object of strings") }
        }
        let metadata = requestedMetadata
        let flags = [
            "test_mode", "embedded_signing", "embedded_signing_notifications", "apply_signing_order", "allow_decline", "allow_reassign", "reminders",
        ]
        var requestedFlags: [String: Bool] = [:]
        for flag in flags where body[flag] != nil && body[flag] != .null {
            requestedFlags[flag] = reader.bool(body, flag, at: flag, default: false)
        }
        let flagValues = requestedFlags
        try reader.throwIfFailed()
        let sent = try await change(document.id) { document in
            guard document.status == .draft else {
                // The SDK declares 201 and 422 only: a document that is not a draft is invalid input.
                throw APIError(
                    .unprocessableContent, "Only drafts can be sent; this document is \(document.status.rawValue).",
                    fieldErrors: ["status": ["is \(document.status.rawValue); only drafts can be sent"]])
            }
            guard document.fields.contains(where: { $0.type == .signature || $0.type == .initials }) || document.withSignaturePage else {
                throw APIError(.unprocessableContent, "The document needs fields before it is sent.", fieldErrors: ["fields": ["can't be blank"]])
            }
            if let name { document.name = name }
            if let subject { document.subject = subject }
            if let message { document.message = message }
            if let expiresIn { document.expiresIn = expiresIn }
            if let redirectURL { document.redirectURL = redirectURL }
            if let declineRedirectURL { document.declineRedirectURL = declineRedirectURL }
            if let metadata { document.metadata = metadata }
            if let value = flagValues["test_mode"] { document.testMode = value }
            if let value = flagValues["embedded_signing"] { document.embeddedSigning = value }
            if let value = flagValues["embedded_signing_notifications"] { document.embeddedSigningNotifications = value }
            if let value = flagValues["apply_signing_order"] { document.applySigningOrder = value }
            if let value = flagValues["allow_decline"] { document.allowDecline = value }
            if let value = flagValues["allow_reassign"] { document.allowReassign = value }
            if let value = flagValues["reminders"] { document.reminders = value }
            document.markSent(at: Date(), client: client)
            document.refreshRecipientStatuses()
        }
        await webhooks.announce(.documentSent, document: sent)
        await mail.requestSignatures(sent)
        return sent
    }

    /// Records a reminder to the recipients who have still to sign (all of them, or those the
    /// body names by name or email) in the audit trail, and mails it to those whose turn it is
    /// when the server sends mail and the document is not signed embedded.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 409 unless the document is waiting for signatures.
    func remind(_ document: SigningDocument, body: [String: JSONValue], client: ClientInfo) async throws {
        let reader = RequestReader()
        let named = reader.objects(body, "recipients", at: "recipients").map { path, recipient in
            (name: reader.string(recipient, "name", at: "\(path).name"), email: reader.string(recipient, "email", at: "\(path).email"))
        }
        try reader.throwIfFailed()
        /// The recipients still to sign, or those of them the body names.
        @Sendable func waiting(in document: SigningDocument) -> [DocumentRecipient] {
            document.recipients.filter { $0.status != .signed && $0.status != .declined }.filter { recipient in
                named.isEmpty
                    || named.contains {
                        ($0.email.map { $0.lowercased() == recipient.email.lowercased() } ?? true) && ($0.name.map { $0 == recipient.name } ?? true)
                    }
            }
        }
        let reminded = try await change(document.id) { document in
            guard document.status == .sent || document.status == .pending else {
                throw APIError(.conflict, "Reminders go only to documents waiting for signatures; this one is \(document.status.rawValue).")
            }
            for recipient in waiting(in: document) {
                document.events.append(
                    DocumentEvent(kind: .reminded, recipientID: recipient.id, ipAddress: client.ipAddress, userAgent: client.userAgent))
            }
        }
        await mail.remind(reminded, recipientIDs: waiting(in: reminded).map(\.id))
    }

    /// Changes recipients' names, emails and passcodes (`{recipients: [{id, name, email,
    /// passcode}]}`). A recipient whose email changes is reassigned: their old signing link
    /// stops working. A new passcode replaces the old one (an empty one removes it), which
    /// also ends every unlock the old one gave.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 409 unless the document is sent, viewed or pending;
    ///   422 for unknown recipient ids or invalid emails.
    func updateRecipients(_ document: SigningDocument, body: [String: JSONValue], client: ClientInfo) async throws -> SigningDocument {
        struct Update: Sendable {
            let id: String
            let name: String?
            let email: String?
            let passcode: String?
        }
        let reader = RequestReader()
        let updates = reader.objects(body, "recipients", at: "recipients", required: true).compactMap { path, recipient -> Update? in
            let id = reader.string(recipient, "id", at: "\(path).id", required: true)
            let email = reader.string(recipient, "email", at: "\(path).email", maxLength: 255)
            if let email, !EmailAddress.isPlausible(email) { reader.fail("\(path).email", "is not an email address") }
            if let id, document.recipient(id) == nil { reader.fail("\(path).id", "is not the id of a recipient") }
            return id.map {
                Update(
                    id: $0, name: reader.string(recipient, "name", at: "\(path).name", maxLength: 255), email: email,
                    passcode: reader.string(recipient, "passcode", at: "\(path).passcode", maxLength: 255)
                )
            }
        }
        try reader.throwIfFailed()
        var passcodeHashes: [String: String?] = [:]
        for update in updates {
            guard let passcode = update.passcode else { continue }
            passcodeHashes[update.id] = passcode.isEmpty ? .some(nil) : try await passwords.hash(passcode)
        }
        let newPasscodeHashes = passcodeHashes
        let updated = try await change(document.id) { document in
            guard document.status == .sent || document.status == .pending else {
                throw APIError(
                    .conflict, "Recipients can be changed only while the document waits for signatures; it is \(document.status.rawValue).")
            }
            for update in updates {
                guard let index = document.recipientIndex(update.id) else { continue }
                guard document.recipients[index].status != .signed && document.recipients[index].status != .declined else {
                    throw APIError(.conflict, "Recipient \(update.id) has already \(document.recipients[index].status.rawValue).")
                }
                if let name = update.name, !name.isEmpty { document.recipients[index].name = name }
                if let email = update.email, email.lowercased() != document.recipients[index].email.lowercased() {
                    document.recipients[index].email = email
                    document.recipients[index].linkNonce = SigningLinks.makeNonce()
                    document.recipients[index].viewedAt = nil
                    if document.recipients[index].status == .viewed { document.recipients[index].status = .sent }
                }
                if let passcodeHash = newPasscodeHashes[update.id] { document.recipients[index].passcodeHash = passcodeHash }
            }
            document.events.append(DocumentEvent(kind: .recipientsUpdated, ipAddress: client.ipAddress, userAgent: client.userAgent))
        }
        await webhooks.announce(.documentRecipientsUpdated, document: updated)
        return updated
    }
}
