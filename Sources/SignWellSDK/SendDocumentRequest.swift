/// What ``SignWellClient/sendDocument(_:_:)`` may change in a draft as it sends it. Unset
/// properties keep the draft's values.
public struct SendDocumentRequest: Codable, Hashable, Sendable {
    /// Whether the document is a test.
    public var testMode: Bool?
    /// The document's name.
    public var name: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// Days until the signing links expire (at least 1).
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
    /// Your own keys and values.
    public var metadata: [String: String]?
    /// Labels that sort the document.
    public var labels: [Label]?
    /// Checkboxes validated together.
    public var checkboxGroups: [CheckboxGroup]?

    /// A request that changes nothing: the draft is sent as it is.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case name, subject, message, reminders, metadata, labels
        case testMode = "test_mode"
        case expiresIn = "expires_in"
        case applySigningOrder = "apply_signing_order"
        case apiApplicationID = "api_application_id"
        case embeddedSigning = "embedded_signing"
        case embeddedSigningNotifications = "embedded_signing_notifications"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
        case redirectURL = "redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case declineRedirectURL = "decline_redirect_url"
        case checkboxGroups = "checkbox_groups"
    }
}
