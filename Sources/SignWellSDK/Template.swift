import Foundation

/// A template, as the server describes it: files, roles and fields to make documents from.
public struct Template: Codable, Hashable, Sendable {
    /// The template's identifier.
    public var id: String
    /// The template's name.
    public var name: String?
    /// The template's state, such as `Draft` or `Available`.
    public var status: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// The files, with their page counts.
    public var files: [FileInfo]?
    /// The roles recipients take.
    public var placeholders: [Placeholder]?
    /// Roles whose recipients get a copy of completed documents.
    public var copiedPlaceholders: [CopiedPlaceholder]?
    /// The fields, one list per file.
    public var fields: [[DocumentField]]?
    /// Your own keys and values.
    public var metadata: [String: String]?
    /// Labels that sort the template.
    public var labels: [Label]?
    /// Checkboxes validated together.
    public var checkboxGroups: [CheckboxGroup]?
    /// Whether recipients get reminders.
    public var reminders: Bool?
    /// Whether the template is archived.
    public var archived: Bool?
    /// A page where the sender edits the template inside your app.
    public var embeddedEditURL: String?
    /// A link that makes a document from the template.
    public var templateLink: String?
    /// Whether recipients sign one after another.
    public var applySigningOrder: Bool?
    /// Where recipients go after signing.
    public var redirectURL: String?
    /// Where recipients go after declining.
    public var declineRedirectURL: String?
    /// Whether recipients may decline.
    public var allowDecline: Bool?
    /// Whether recipients may hand a document to someone else.
    public var allowReassign: Bool?
    /// The language of the signing pages and e-mails.
    public var language: String?
    /// Days until the signing links of its documents expire.
    public var expiresIn: Int?
    /// The API application the template belongs to.
    public var apiApplicationID: String?
    /// The e-mail address of the template's owner.
    public var requesterEmailAddress: String?
    /// The sender's name as recipients see it.
    public var customRequesterName: String?
    /// The sender's e-mail address as recipients see it.
    public var customRequesterEmail: String?
    /// When the template was created.
    public var createdAt: Date?
    /// When the template last changed.
    public var updatedAt: Date?

    /// Describes a template.
    public init(id: String) {
        self.id = id
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, status, subject, message, files, placeholders, fields, metadata, labels, reminders, archived, language
        case copiedPlaceholders = "copied_placeholders"
        case checkboxGroups = "checkbox_groups"
        case embeddedEditURL = "embedded_edit_url"
        case templateLink = "template_link"
        case applySigningOrder = "apply_signing_order"
        case redirectURL = "redirect_url"
        case declineRedirectURL = "decline_redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case expiresIn = "expires_in"
        case apiApplicationID = "api_application_id"
        case requesterEmailAddress = "requester_email_address"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
