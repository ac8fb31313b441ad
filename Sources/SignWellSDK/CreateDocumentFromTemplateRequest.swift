/// What ``SignWellClient/createDocument(fromTemplate:)`` sends: the template (or templates),
/// a recipient for each role, and values for its fields.
///
/// ```swift
/// var request = CreateDocumentFromTemplateRequest(
///     templateID: template.id,
///     recipients: [Recipient(id: "1", name: "Jane Roe", email: "jane@example.com", placeholderName: "Client")]
/// )
/// request.templateFields = [TemplateFieldValue(apiID: "fee", value: .text("1,200 EUR"))]
/// ```
public struct CreateDocumentFromTemplateRequest: Codable, Hashable, Sendable {
    /// The template to make the document from; set this or ``templateIDs``.
    public var templateID: String?
    /// The templates whose files are joined into the document; set this or ``templateID``.
    public var templateIDs: [String]?
    /// A recipient for each role, named in ``Recipient/placeholderName``.
    public var recipients: [Recipient]
    /// Values for the template's fields.
    public var templateFields: [TemplateFieldValue]?
    /// Roles to leave out.
    public var excludePlaceholders: [String]?
    /// Files added after the template's.
    public var files: [DocumentFile]?
    /// Fields on the added files, one list per file.
    public var fields: [[Field]]?
    /// The document's name.
    public var name: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// Whether to keep the document as a draft.
    public var draft: Bool?
    /// Whether the document is a test.
    public var testMode: Bool?
    /// Whether to add a page at the end where every recipient signs.
    public var withSignaturePage: Bool?
    /// Days until the signing links expire.
    public var expiresIn: Int?
    /// Whether recipients get reminders.
    public var reminders: Bool?
    /// Whether recipients sign one after another.
    public var applySigningOrder: Bool?
    /// The API application the document belongs to.
    public var apiApplicationID: String?
    /// Whether recipients sign inside your app.
    public var embeddedSigning: Bool?
    /// Whether recipients of an embedded document get e-mails too.
    public var embeddedSigningNotifications: Bool?
    /// Whether fields come from text tags in the added files.
    public var textTags: Bool?
    /// The sender's name as recipients see it.
    public var customRequesterName: String?
    /// The sender's e-mail address as recipients see it.
    public var customRequesterEmail: String?
    /// Where recipients go after signing.
    public var redirectURL: String?
    /// Whether recipients may decline.
    public var allowDecline: Bool?
    /// Whether recipients may hand the document to someone else.
    public var allowReassign: Bool?
    /// Where recipients go after declining.
    public var declineRedirectURL: String?
    /// The language of the signing pages and e-mails.
    public var language: String?
    /// Your own keys and values.
    public var metadata: [String: String]?
    /// Files recipients are asked to upload.
    public var attachmentRequests: [AttachmentRequest]?
    /// People who get a copy of the completed document.
    public var copiedContacts: [CopiedContact]?
    /// Labels that sort the document.
    public var labels: [Label]?
    /// Checkboxes validated together.
    public var checkboxGroups: [CheckboxGroup]?

    /// Creates a request for a document from the template `templateID`.
    public init(templateID: String, recipients: [Recipient]) {
        self.templateID = templateID
        self.recipients = recipients
    }

    /// Creates a request for a document from the templates `templateIDs`, joined in order.
    public init(templateIDs: [String], recipients: [Recipient]) {
        self.templateIDs = templateIDs
        self.recipients = recipients
    }

    private enum CodingKeys: String, CodingKey {
        case recipients, files, fields, name, subject, message, draft, reminders, language, metadata, labels
        case templateID = "template_id"
        case templateIDs = "template_ids"
        case templateFields = "template_fields"
        case excludePlaceholders = "exclude_placeholders"
        case testMode = "test_mode"
        case withSignaturePage = "with_signature_page"
        case expiresIn = "expires_in"
        case applySigningOrder = "apply_signing_order"
        case apiApplicationID = "api_application_id"
        case embeddedSigning = "embedded_signing"
        case embeddedSigningNotifications = "embedded_signing_notifications"
        case textTags = "text_tags"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
        case redirectURL = "redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case declineRedirectURL = "decline_redirect_url"
        case attachmentRequests = "attachment_requests"
        case copiedContacts = "copied_contacts"
        case checkboxGroups = "checkbox_groups"
    }
}
