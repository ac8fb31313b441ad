/// A new name and e-mail address for a recipient who has not signed yet, sent with
/// ``SignWellClient/updateRecipients(ofDocument:_:)``.
public struct RecipientUpdate: Codable, Hashable, Sendable {
    /// The recipient's identifier in the document, such as `"1"`.
    public var id: String
    /// The recipient's name.
    public var name: String
    /// The recipient's e-mail address.
    public var email: String
    /// The subject of the recipient's new e-mail.
    public var subject: String?
    /// The message of the recipient's new e-mail.
    public var message: String?
    /// A code the recipient must enter before signing.
    public var passcode: String?

    /// Changes the recipient `id`.
    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
