/// What a user says about themselves, beyond the login name: shown by directory APIs such as
/// Nuxeo's user entity.
public struct UserProfile: Sendable, Hashable, Codable {
    /// The given name, or an empty string.
    public var firstName: String
    /// The family name, or an empty string.
    public var lastName: String
    /// The e-mail address, or an empty string.
    public var email: String
    /// The organization, or an empty string.
    public var company: String

    /// Creates a profile; every field defaults to empty.
    public init(firstName: String = "", lastName: String = "", email: String = "", company: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.company = company
    }

    /// The given and family names joined by a space, or an empty string when both are empty.
    public var fullName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
