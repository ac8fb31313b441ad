/// What a request for documents from templates says about the documents beyond their
/// recipients and values, with the meaning of ``DocumentRequest``'s members of the same
/// names. Each setting left `nil` comes from the first template, or else takes the default of
/// a new document.
struct TemplateDocumentOptions: Sendable {
    /// The documents' name.
    var name: String?
    /// The subject of the emails to recipients.
    var subject: String?
    /// The message of the emails to recipients.
    var message: String?
    /// Whether the documents are saved without being sent.
    var draft = false
    /// Whether the documents are made in test mode.
    var testMode = false
    /// Whether recipients sign in the embedded page.
    var embeddedSigning = false
    /// Whether emails are sent even for embedded signing.
    var embeddedSigningNotifications = false
    /// Whether a signature page is appended.
    var withSignaturePage = false
    /// Whether text tags were to be turned into fields.
    var textTags: Bool?
    /// Whether reminders are sent.
    var reminders: Bool?
    /// Whether recipients sign one after another, in placeholder order.
    var applySigningOrder: Bool?
    /// Whether recipients may decline.
    var allowDecline: Bool?
    /// Whether recipients may hand their part to someone else.
    var allowReassign: Bool?
    /// Days from sending until the documents expire.
    var expiresIn: Int?
    /// The language of the signing page and emails.
    var language: String?
    /// Where the signing page sends a recipient who has signed.
    var redirectURL: String?
    /// Where the signing page sends a recipient who has declined.
    var declineRedirectURL: String?
    /// The requester's name shown to recipients.
    var customRequesterName: String?
    /// The requester's email shown to recipients.
    var customRequesterEmail: String?
    /// The API application the documents belong to.
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
