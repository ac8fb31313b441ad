import Foundation

/// A document sent for signing, as the server describes it: its files, recipients, fields
/// and status.
///
/// Every documents call answers with one: ``SignWellClient/createDocument(_:)``,
/// ``SignWellClient/document(_:)``, ``SignWellClient/sendDocument(_:_:)``, …
public struct Document: Codable, Hashable, Sendable {
    /// The document's identifier.
    public var id: String
    /// Whether the document is a test: free, and its signatures not legally binding.
    public var testMode: Bool
    /// The document's name.
    public var name: String?
    /// Where the document is in its life.
    public var status: DocumentStatus?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// The files, in order, with their page counts.
    public var files: [FileInfo]?
    /// The recipients, in order.
    public var recipients: [DocumentRecipient]?
    /// The fields, one list per file.
    public var fields: [[DocumentField]]?
    /// Your own keys and values, given at creation.
    public var metadata: [String: String]?
    /// Labels that sort the document.
    public var labels: [Label]?
    /// Checkbox groups validated together.
    public var checkboxGroups: [CheckboxGroup]?
    /// Files recipients are asked to upload.
    public var attachmentRequests: [AttachmentRequest]?
    /// People who get a copy of the completed document.
    public var copiedContacts: [CopiedContact]?
    /// Whether recipients sign inside your app (see ``DocumentRecipient/embeddedSigningURL``).
    public var embeddedSigning: Bool?
    /// Whether recipients of an embedded document get e-mails too.
    public var embeddedSigningNotifications: Bool?
    /// A page where the sender edits a draft inside your app.
    public var embeddedEditURL: String?
    /// A page that shows the document inside your app.
    public var embeddedPreviewURL: String?
    /// Whether recipients sign one after another, in ``DocumentRecipient/signingOrder``.
    public var applySigningOrder: Bool?
    /// Whether a page where every recipient signs was added at the end.
    public var withSignaturePage: Bool?
    /// Whether fields came from text tags in the files.
    public var textTags: Bool?
    /// Whether recipients get reminders.
    public var reminders: Bool?
    /// Days until the signing links expire.
    public var expiresIn: Int?
    /// Where recipients go after signing.
    public var redirectURL: String?
    /// Where recipients go after declining.
    public var declineRedirectURL: String?
    /// Whether recipients may decline.
    public var allowDecline: Bool?
    /// Whether recipients may hand the document to someone else.
    public var allowReassign: Bool?
    /// The language of the signing pages and e-mails (ISO 639-1).
    public var language: String?
    /// Whether the document is archived.
    public var archived: Bool?
    /// The message a recipient gave when declining.
    public var declineMessage: String?
    /// What went wrong, when ``status`` is ``DocumentStatus/error``.
    public var errorMessage: String?
    /// The template the document was made from.
    public var templateID: String?
    /// The templates the document was made from.
    public var templateIDs: [String]?
    /// The API application the document belongs to.
    public var apiApplicationID: String?
    /// The e-mail address of the sender.
    public var requesterEmailAddress: String?
    /// The sender's name as recipients see it.
    public var customRequesterName: String?
    /// The sender's e-mail address as recipients see it.
    public var customRequesterEmail: String?
    /// When the document was created.
    public var createdAt: Date?
    /// When the document last changed.
    public var updatedAt: Date?
    /// When the last recipient signed.
    public var completedAt: Date?
    /// How a Chancery server notarized the completed document; `nil` from other servers and
    /// before completion.
    public var notarization: Notarization?

    /// Describes a document.
    public init(id: String, testMode: Bool = false) {
        self.id = id
        self.testMode = testMode
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, status, subject, message, files, recipients, fields, metadata, labels, reminders, language, archived, notarization
        case testMode = "test_mode"
        case checkboxGroups = "checkbox_groups"
        case attachmentRequests = "attachment_requests"
        case copiedContacts = "copied_contacts"
        case embeddedSigning = "embedded_signing"
        case embeddedSigningNotifications = "embedded_signing_notifications"
        case embeddedEditURL = "embedded_edit_url"
        case embeddedPreviewURL = "embedded_preview_url"
        case applySigningOrder = "apply_signing_order"
        case withSignaturePage = "with_signature_page"
        case textTags = "text_tags"
        case expiresIn = "expires_in"
        case redirectURL = "redirect_url"
        case declineRedirectURL = "decline_redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case declineMessage = "decline_message"
        case errorMessage = "error_message"
        case templateID = "template_id"
        case templateIDs = "template_ids"
        case apiApplicationID = "api_application_id"
        case requesterEmailAddress = "requester_email_address"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case completedAt = "completed_at"
    }
}

/// The answer to ``SignWellClient/createDocument(_:)``: the document, with each recipient's
/// ``DocumentRecipient/embeddedSigningURL`` when it was created for embedded signing.
///
/// The name of the SignWell iOS sample's model, kept for code written against it.
public typealias CreateDocumentResponse = Document
