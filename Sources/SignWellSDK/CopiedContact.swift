/// Someone who gets a copy of the completed document without signing it.
public struct CopiedContact: Codable, Hashable, Sendable {
    /// The server's identifier, in answers.
    public var id: String?
    /// The contact's name.
    public var name: String?
    /// The contact's e-mail address.
    public var email: String

    /// Creates a contact to copy.
    public init(name: String? = nil, email: String) {
        self.name = name
        self.email = email
    }
}
