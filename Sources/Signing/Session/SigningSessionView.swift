import Foundation
import HTTPTypes
import JSON

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
struct SigningSessionView {
    let document: SigningDocument
    let recipientIndex: Int
    /// The recipient's signing token, for the document's URL.
    let token: String
    /// Whether the recipient has a passcode they have not entered.
    let isLocked: Bool
    /// The look the document's API application gives the page, if any.
    let branding: SigningBranding?

    /// The JSON object.
    var json: JSONValue {
        let recipient = document.recipients[recipientIndex]
        let documentName = document.name ?? document.files.first?.name ?? "Document"
        if isLocked {
            var locked: [String: JSONValue] = [
                "state": .string("locked"), "document_name": .string(documentName), "recipient_name": .string(recipient.name),
            ]
            locked["branding"] = brandingJSON
            return .object(locked)
        }
        var object: [String: JSONValue] = [
            "document": .object([
                "id": .string(document.id), "name": .string(documentName),
                "status": .string(document.status.rawValue),
            ]),
            "recipient": .object([
                "id": .string(recipient.id), "name": .string(recipient.name), "email": .string(recipient.email),
                "status": .string(recipient.status.rawValue),
            ]),
            "state": .string(SigningService.state(of: document, recipientIndex: recipientIndex)),
            "allow_decline": .bool(document.allowDecline),
            "allow_reassign": .bool(document.allowReassign),
            "pages": .array(
                document.pageSizes.enumerated().map { index, size in
                    .object([
                        "number": .integer(index + 1), "width": DocumentRenderer.number(size.width), "height": DocumentRenderer.number(size.height),
                    ])
                }),
            "fields": .array(document.fields.filter { $0.recipientID == recipient.id }.map { field(for: $0, recipient: recipient) }),
            "document_url": .string("/signwell/sign/\(token)/document.pdf"),
        ]
        object["redirect_url"] = document.redirectURL.map(JSONValue.string) ?? .null
        object["decline_redirect_url"] = document.declineRedirectURL.map(JSONValue.string) ?? .null
        object["branding"] = brandingJSON
        return .object(object)
    }

    /// ``branding`` as the page reads it, or `nil` without one.
    private var brandingJSON: JSONValue? {
        branding.map { .object($0.json) }
    }

    private func field(for field: DocumentField, recipient: DocumentRecipient) -> JSONValue {
        let computed = FieldFilling.computedValue(of: field, recipient: recipient, at: Date())
        let value: JSONValue = computed.map(JSONValue.string) ?? field.value ?? .null
        return .object([
            "id": .string(field.id),
            "type": .string(field.type.rawValue),
            "page": .integer(field.pageIndex + 1),
            "x": DocumentRenderer.number(field.x), "y": DocumentRenderer.number(field.y),
            "width": DocumentRenderer.number(field.width), "height": DocumentRenderer.number(field.height),
            "required": .bool(field.required),
            "label": field.label.map(JSONValue.string) ?? .null,
            "value": value,
            "options": .array(field.options.map { .string($0.name) }),
            "default_option": field.defaultOption.map(JSONValue.string) ?? .null,
            "allow_other": .bool(field.allowOther),
            "date_format": field.dateFormat.map { .string($0.rawValue) } ?? .null,
            "lock_sign_date": .bool(field.lockSignDate),
            "validation": .string((field.validation ?? .none).rawValue),
            "name": field.name.map(JSONValue.string) ?? .null,
            "api_id": field.apiID.map(JSONValue.string) ?? .null,
            "fixed_width": .bool(field.fixedWidth),
            "read_only": .bool(computed != nil),
        ])
    }
}
