/// What a request for documents from templates says about the documents beyond their
/// recipients: each setting left `nil` comes from the first template, or else takes the
/// default of a new document.
struct TemplateDocumentOptions: Sendable {
    var name: String?
    var subject: String?
    var message: String?
    /// Whether the documents are saved without being sent.
    var draft = false
    var testMode = false
    var embeddedSigning = false
    var embeddedSigningNotifications = false
    var withSignaturePage = false
    var textTags: Bool?
    var reminders: Bool?
    var applySigningOrder: Bool?
    var allowDecline: Bool?
    var allowReassign: Bool?
    var expiresIn: Int?
    var language: String?
    var redirectURL: String?
    var declineRedirectURL: String?
    var customRequesterName: String?
    var customRequesterEmail: String?
    var apiApplicationID: String?
    /// Replaces the templates' metadata.
    var metadata: [String: String]?
    /// Replaces the templates' labels.
    var labels: [DocumentLabel]?
    /// People copied besides the templates' copied placeholders.
    var copiedContacts: [CopiedContact] = []
    /// Attachment requests besides the templates', for recipients by their document id.
    var attachmentRequests: [AttachmentRequest] = []
    /// Checkbox groups besides the templates', for recipients by their document id.
    var checkboxGroups: [CheckboxGroup] = []
}
