/// A role in a template, such as "Client", that a recipient takes when a document is made
/// from it.
public struct Placeholder: Codable, Hashable, Sendable {
    /// An identifier unique within the template, that fields name in ``Field/placeholderID``.
    public var id: String?
    /// The role's name, that recipients name in ``Recipient/placeholderName``.
    public var name: String
    /// The subject of this role's e-mail.
    public var subject: String?
    /// The message of this role's e-mail.
    public var message: String?
    /// The name of the recipient who always takes this role.
    public var preassignedRecipientName: String?
    /// The e-mail address of the recipient who always takes this role.
    public var preassignedRecipientEmail: String?
    /// The role's turn when the template applies a signing order.
    public var signingOrder: Int?
    /// Files the role's recipient is asked to upload, in answers.
    public var attachmentRequests: [AttachmentRequest]?

    /// Creates a role.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, subject, message
        case preassignedRecipientName = "preassigned_recipient_name"
        case preassignedRecipientEmail = "preassigned_recipient_email"
        case signingOrder = "signing_order"
        case attachmentRequests = "attachment_requests"
    }
}
