/// What ``SignWellClient/createTemplate(_:)`` sends: files, roles (placeholders) and the
/// fields each role fills in, to make documents from later.
public struct CreateTemplateRequest: Codable, Hashable, Sendable {
    /// The template's files, in order.
    public var files: [DocumentFile]
    /// The roles recipients take.
    public var placeholders: [Placeholder]
    /// The fields, one list per file, each naming a ``Field/placeholderID``.
    public var fields: [[Field]]?
    /// The template's name.
    public var name: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// Roles whose recipients get a copy of completed documents.
    public var copiedPlaceholders: [CopiedPlaceholder]?
    /// Whether to keep the template as a draft.
    public var draft: Bool?
    /// Days until the signing links of its documents expire.
    public var expiresIn: Int?
    /// Whether recipients get reminders.
    public var reminders: Bool?
    /// Whether recipients sign one after another, in the order of ``placeholders``.
    public var applySigningOrder: Bool?
    /// The API application the template belongs to.
    public var apiApplicationID: String?
    /// Whether fields come from text tags in the files.
    public var textTags: Bool?
    /// Where recipients go after signing.
    public var redirectURL: String?
    /// Whether recipients may decline.
    public var allowDecline: Bool?
    /// Whether recipients may hand a document to someone else.
    public var allowReassign: Bool?
    /// Where recipients go after declining.
    public var declineRedirectURL: String?
    /// The language of the signing pages and e-mails (ISO 639-1).
    public var language: String?
    /// Your own keys and values.
    public var metadata: [String: String]?
    /// Files recipients are asked to upload, each naming a placeholder.
    public var attachmentRequests: [AttachmentRequest]?
    /// Labels that sort the template.
    public var labels: [Label]?
    /// Checkboxes validated together, each naming a placeholder.
    public var checkboxGroups: [CheckboxGroup]?

    /// Creates a request for a template of `files` with the roles `placeholders`.
    public init(files: [DocumentFile], placeholders: [Placeholder], fields: [[Field]]? = nil, name: String? = nil) {
        self.files = files
        self.placeholders = placeholders
        self.fields = fields
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case files, placeholders, fields, name, subject, message, draft, reminders, language, metadata, labels
        case copiedPlaceholders = "copied_placeholders"
        case expiresIn = "expires_in"
        case applySigningOrder = "apply_signing_order"
        case apiApplicationID = "api_application_id"
        case textTags = "text_tags"
        case redirectURL = "redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case declineRedirectURL = "decline_redirect_url"
        case attachmentRequests = "attachment_requests"
        case checkboxGroups = "checkbox_groups"
    }
}
