import Foundation
import HTTPSupport
import Hummingbird

/// What the signing page needs to know about one recipient's part of a document (the
/// `…/session` JSON): the pages, the recipient's fields placed on them, and the state.
///
/// Until a recipient with a passcode has entered it, the session is only
/// `{"state": "locked", "document_name", "recipient_name"}`: enough for the page to ask for
/// the passcode, and nothing of the document's content or of the other recipients.
///
/// Both carry `branding` (`{primary_color, button_text_color, link_text_color,
/// buttons_border_radius}`, each `null` when unset) when the document belongs to an API
/// application, so that the page wears the application's colours from the start.
struct SigningSessionView: ResponseEncodable, Sendable {
    /// The document as the page names it.
    struct Document: Encodable, Sendable {
        /// The document's id.
        let id: String
        /// Its name, or its first file's.
        let name: String
        /// Its status.
        let status: String
    }

    /// The recipient the page is for.
    struct Recipient: Encodable, Sendable {
        /// The recipient's id.
        let id: String
        /// Their name.
        let name: String
        /// Their email address.
        let email: String
        /// Where they stand.
        let status: String
    }

    /// A page of the document, in PDF points.
    struct Page: Encodable, Sendable {
        /// The page, counted from 1 across the document's files.
        let number: Int
        /// Its width.
        let width: Coordinate
        /// Its height.
        let height: Coordinate
    }

    /// The document.
    let document: SigningDocument
    /// The recipient's place among the document's recipients.
    let recipientIndex: Int
    /// The recipient's signing token, for the document's URL.
    let token: String
    /// Whether the recipient has a passcode they have not entered.
    let isLocked: Bool
    /// The look the document's API application gives the page, if any.
    let branding: SigningBranding?

    enum CodingKeys: String, CodingKey {
        case document, recipient, state, pages, fields, branding
        case documentName = "document_name"
        case recipientName = "recipient_name"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case documentURL = "document_url"
        case redirectURL = "redirect_url"
        case declineRedirectURL = "decline_redirect_url"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let recipient = document.recipients[recipientIndex]
        let documentName = document.name ?? document.files.first?.name ?? "Document"
        try container.encodeIfPresent(branding.map(SigningBrandingResponse.init), forKey: .branding)
        if isLocked {
            try container.encode("locked", forKey: .state)
            try container.encode(documentName, forKey: .documentName)
            try container.encode(recipient.name, forKey: .recipientName)
            return
        }
        try container.encode(Document(id: document.id, name: documentName, status: document.status.rawValue), forKey: .document)
        try container.encode(
            Recipient(id: recipient.id, name: recipient.name, email: recipient.email, status: recipient.status.rawValue), forKey: .recipient)
        try container.encode(SigningService.state(of: document, recipientIndex: recipientIndex), forKey: .state)
        try container.encode(document.allowDecline, forKey: .allowDecline)
        try container.encode(document.allowReassign, forKey: .allowReassign)
        try container.encode(
            document.pageSizes.enumerated().map { Page(number: $0 + 1, width: Coordinate($1.width), height: Coordinate($1.height)) }, forKey: .pages)
        let now = Date()
        try container.encode(
            document.fields.filter { $0.recipientID == recipient.id }.map { SigningSessionField($0, recipient: recipient, now: now) },
            forKey: .fields)
        try container.encode("/signwell/sign/\(token)/document.pdf", forKey: .documentURL)
        try container.encode(document.redirectURL, forKey: .redirectURL)
        try container.encode(document.declineRedirectURL, forKey: .declineRedirectURL)
    }
}
