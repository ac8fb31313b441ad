/// A template's placeholder as the SignWell API returns it: a recipient's place with its
/// signing order and attachment requests, or a copied placeholder (someone copied on the
/// document), which has neither. Preassigned names and emails are left out when absent.
struct PlaceholderResponse: Encodable, Sendable {
    /// The placeholder's id.
    let id: String
    /// Its name.
    let name: String
    /// The recipient's turn, for a recipient's placeholder.
    let signingOrder: Int?
    /// What the recipient is asked to attach, for a recipient's placeholder.
    let attachmentRequests: [AttachmentRequestResponse]?
    /// The name of the person it stands for, when the template names them.
    let preassignedRecipientName: String?
    /// Their email address, likewise.
    let preassignedRecipientEmail: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case signingOrder = "signing_order"
        case attachmentRequests = "attachment_requests"
        case preassignedRecipientName = "preassigned_recipient_name"
        case preassignedRecipientEmail = "preassigned_recipient_email"
    }

    /// `placeholder` of `template`, with its attachment requests.
    init(_ placeholder: TemplatePlaceholder, of template: SigningTemplate) {
        id = placeholder.id
        name = placeholder.name
        signingOrder = placeholder.signingOrder
        attachmentRequests = AttachmentRequestResponse.list(template.attachmentRequests, for: placeholder.id)
        preassignedRecipientName = placeholder.preassignedName
        preassignedRecipientEmail = placeholder.preassignedEmail
    }

    /// A copied placeholder.
    init(_ placeholder: CopiedPlaceholder) {
        id = placeholder.id
        name = placeholder.name
        signingOrder = nil
        attachmentRequests = nil
        preassignedRecipientName = placeholder.preassignedName
        preassignedRecipientEmail = placeholder.preassignedEmail
    }
}
