import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import JSON

extension SigningService {
    /// Hands a recipient's part to someone else, from the signing page (`allow_reassign`):
    /// the recipient gets the new name and email and a new signing link; the old link stops
    /// working. The sender finds the new link in the document.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 403 when the sender does not allow it or `proof` does
    ///   not unlock a recipient's passcode, 409 when the recipient cannot sign now, 422 for an
    ///   invalid email.
    func reassign(token: String, unlock proof: String?, name: String?, email: String?, client: ClientInfo) async throws -> SigningDocument {
        let (document, index) = try await resolve(token: token, unlock: proof)
        guard document.allowReassign else { throw APIError(.forbidden, "The sender does not allow handing this document to someone else.") }
        let reader = RequestReader()
        let request: [String: JSONValue] = ["name": name.map(JSONValue.string) ?? .null, "email": email.map(JSONValue.string) ?? .null]
        let newName = reader.string(request, "name", at: "name", required: true, maxLength: 255)
        let newEmail = reader.string(request, "email", at: "email", required: true, maxLength: 255)
        if let newEmail, !EmailAddress.isPlausible(newEmail) { reader.fail("email", "is not an email address") }
        try reader.throwIfFailed()
        let reassigned = try await change(document.id) { document in
            guard Self.state(of: document, recipientIndex: index) == "ready" else {
                throw APIError(.conflict, "This document can no longer be handed on: it is \(Self.state(of: document, recipientIndex: index)).")
            }
            let previous = document.recipients[index]
            document.recipients[index].name = newName ?? previous.name
            document.recipients[index].email = newEmail ?? previous.email
            document.recipients[index].linkNonce = SigningLinks.makeNonce()
            document.recipients[index].viewedAt = nil
            document.recipients[index].status = .sent
            document.events.append(
                DocumentEvent(
                    kind: .recipientsUpdated, recipientID: previous.id, ipAddress: client.ipAddress, userAgent: client.userAgent,
                    detail: "reassigned by \(previous.name) <\(previous.email)> to \(newName ?? "") <\(newEmail ?? "")>"
                ))
        }
        await webhooks.announce(.documentRecipientsUpdated, document: reassigned)
        return reassigned
    }
}
