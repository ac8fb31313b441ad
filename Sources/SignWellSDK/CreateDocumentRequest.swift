/// What ``SignWellClient/createDocument(_:)`` sends: the files to sign, who signs them, and
/// where.
///
/// Unset properties are left out of the request, so the server's defaults apply. A document
/// that is sent at once (``draft`` unset or false) needs fields for its recipients, or
/// ``withSignaturePage``.
///
/// ```swift
/// var request = CreateDocumentRequest(
///     files: [DocumentFile(name: "contract.pdf", contents: pdf)],
///     recipients: [Recipient(id: "1", name: "Jane Roe", email: "jane@example.com")],
///     fields: [[Field(type: .signature, page: 1, x: 200, y: 550, recipientID: "1")]]
/// )
/// request.name = "Contract"
/// request.embeddedSigning = true
/// ```
public struct CreateDocumentRequest: Codable, Hashable, Sendable {
    /// The files to sign, in order.
    public var files: [DocumentFile]
    /// Who signs.
    public var recipients: [Recipient]
    /// The fields, one list per file (an empty list for a file without fields).
    public var fields: [[Field]]?
    /// The document's name.
    public var name: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// Whether to keep the document as a draft instead of sending it (default: send).
    public var draft: Bool?
    /// Whether the document is a test: free, and its signatures not legally binding.
    public var testMode: Bool?
    /// Whether recipients sign inside your app, at ``DocumentRecipient/embeddedSigningURL``.
    public var embeddedSigning: Bool?
    /// Whether recipients of an embedded document get e-mails too.
    public var embeddedSigningNotifications: Bool?
    /// Whether the sender is the only signer.
    public var selfSign: Bool?
    /// Whether to add a page at the end where every recipient signs, instead of fields.
    public var withSignaturePage: Bool?
    /// Whether recipients sign one after another, in the order of ``recipients``.
    public var applySigningOrder: Bool?
    /// Whether recipients get reminders (default: yes).
    public var reminders: Bool?
    /// Days until the signing links expire (at least 1).
    public var expiresIn: Int?
    /// The API application the document belongs to.
    public var apiApplicationID: String?
    /// Whether fields come from text tags in the files.
    public var textTags: Bool?
    /// The sender's name as recipients see it.
    public var customRequesterName: String?
    /// The sender's e-mail address as recipients see it.
    public var customRequesterEmail: String?
    /// Where recipients go after signing.
    public var redirectURL: String?
    /// Where recipients go after declining.
    public var declineRedirectURL: String?
    /// Whether recipients may decline (default: yes).
    public var allowDecline: Bool?
    /// Whether recipients may hand the document to someone else (default: yes).
    public var allowReassign: Bool?
    /// The language of the signing pages and e-mails (ISO 639-1, such as `fr`).
    public var language: String?
    /// Your own keys and values, returned with the document and in webhooks.
    public var metadata: [String: String]?
    /// Files recipients are asked to upload.
    public var attachmentRequests: [AttachmentRequest]?
    /// People who get a copy of the completed document.
    public var copiedContacts: [CopiedContact]?
    /// Labels that sort the document.
    public var labels: [Label]?
    /// Checkboxes validated together.
    public var checkboxGroups: [CheckboxGroup]?

    /// Creates a request for `files` signed by `recipients`, with `fields` (one list per file).
    public init(files: [DocumentFile], recipients: [Recipient], fields: [[Field]]? = nil, name: String? = nil) {
        self.files = files
        self.recipients = recipients
        self.fields = fields
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case files, recipients, fields, name, subject, message, draft, reminders, language, metadata, labels
        case testMode = "test_mode"
        case embeddedSigning = "embedded_signing"
        case embeddedSigningNotifications = "embedded_signing_notifications"
        case selfSign = "self_sign"
        case withSignaturePage = "with_signature_page"
        case applySigningOrder = "apply_signing_order"
        case expiresIn = "expires_in"
        case apiApplicationID = "api_application_id"
        case textTags = "text_tags"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
        case redirectURL = "redirect_url"
        case declineRedirectURL = "decline_redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case attachmentRequests = "attachment_requests"
        case copiedContacts = "copied_contacts"
        case checkboxGroups = "checkbox_groups"
    }
}
