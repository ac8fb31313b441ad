/// What ``SignWellClient/updateTemplate(_:_:)`` changes in a template. Unset properties keep
/// their values.
public struct UpdateTemplateRequest: Codable, Hashable, Sendable {
    /// The template's name.
    public var name: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// Whether the template is a draft.
    public var draft: Bool?
    /// Days until the signing links of its documents expire.
    public var expiresIn: Int?
    /// Whether recipients get reminders.
    public var reminders: Bool?
    /// Whether recipients sign one after another.
    public var applySigningOrder: Bool?
    /// The API application the template belongs to.
    public var apiApplicationID: String?
    /// Where recipients go after signing.
    public var redirectURL: String?
    /// Whether recipients may decline.
    public var allowDecline: Bool?
    /// Whether recipients may hand a document to someone else.
    public var allowReassign: Bool?
    /// Where recipients go after declining.
    public var declineRedirectURL: String?
    /// Your own keys and values.
    public var metadata: [String: String]?
    /// Labels that sort the template.
    public var labels: [Label]?
    /// Checkboxes validated together.
    public var checkboxGroups: [CheckboxGroup]?

    /// A request that changes nothing yet.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case name, subject, message, draft, reminders, metadata, labels
        case expiresIn = "expires_in"
        case applySigningOrder = "apply_signing_order"
        case apiApplicationID = "api_application_id"
        case redirectURL = "redirect_url"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case declineRedirectURL = "decline_redirect_url"
        case checkboxGroups = "checkbox_groups"
    }
}
