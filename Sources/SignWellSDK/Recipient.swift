/// Someone asked to sign, as sent when creating a document.
///
/// ```swift
/// let jane = Recipient(id: "1", name: "Jane Roe", email: "jane@example.com")
/// ```
public struct Recipient: Codable, Hashable, Sendable {
    /// An identifier unique within the document, such as `"1"`, that fields name in
    /// ``Field/recipientID``.
    public var id: String
    /// The recipient's name.
    public var name: String?
    /// The recipient's e-mail address.
    public var email: String
    /// For a document from a template, the placeholder this recipient takes.
    public var placeholderName: String?
    /// A code the recipient must enter before signing.
    public var passcode: String?
    /// The subject of this recipient's e-mail, instead of the document's.
    public var subject: String?
    /// The message of this recipient's e-mail, instead of the document's.
    public var message: String?
    /// Whether this recipient gets e-mails (embedded signing usually sends none).
    public var sendEmail: Bool?
    /// Minutes to wait before e-mailing this recipient (0 to 60).
    public var sendEmailDelay: Int?

    /// Creates a recipient.
    public init(id: String, name: String? = nil, email: String, placeholderName: String? = nil) {
        self.id = id
        self.name = name
        self.email = email
        self.placeholderName = placeholderName
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, email, passcode, subject, message
        case placeholderName = "placeholder_name"
        case sendEmail = "send_email"
        case sendEmailDelay = "send_email_delay"
    }
}
