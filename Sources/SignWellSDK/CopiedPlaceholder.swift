/// A role in a template whose recipient gets a copy of the completed document without
/// signing it.
public struct CopiedPlaceholder: Codable, Hashable, Sendable {
    /// The server's identifier, in answers.
    public var id: String?
    /// The placeholder's identifier, in answers.
    public var placeholderID: String?
    /// The role's name.
    public var name: String
    /// The subject of this role's e-mail.
    public var subject: String?
    /// The message of this role's e-mail.
    public var message: String?
    /// The name of the recipient who always takes this role.
    public var preassignedRecipientName: String?
    /// The e-mail address of the recipient who always takes this role.
    public var preassignedRecipientEmail: String?

    /// Creates a role that gets a copy.
    public init(name: String) {
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, subject, message
        case placeholderID = "placeholder_id"
        case preassignedRecipientName = "preassigned_recipient_name"
        case preassignedRecipientEmail = "preassigned_recipient_email"
    }
}
