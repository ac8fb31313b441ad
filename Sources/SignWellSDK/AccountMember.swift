/// The user an API key belongs to, with their account, as ``SignWellClient/me()`` answers.
public struct AccountMember: Codable, Hashable, Sendable {
    /// A user.
    public struct User: Codable, Hashable, Sendable {
        /// The user's identifier.
        public var id: String
        /// The user's name.
        public var name: String?
        /// The user's first name.
        public var firstName: String?
        /// The user's e-mail address.
        public var email: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, email
            case firstName = "first_name"
        }
    }

    /// An account or a workspace.
    public struct Account: Codable, Hashable, Sendable {
        /// The account's identifier.
        public var id: String
        /// The account's name.
        public var name: String?
        /// The account's plan.
        public var planTier: String?

        private enum CodingKeys: String, CodingKey {
            case id, name
            case planTier = "plan_tier"
        }
    }

    /// The user as a contact.
    public struct Contact: Codable, Hashable, Sendable {
        /// The contact's identifier.
        public var id: String
        /// The contact's name.
        public var name: String?
        /// The contact's e-mail address.
        public var email: String?
        /// The contact's company.
        public var companyName: String?
        /// The contact's phone number.
        public var phoneNumber: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, email
            case companyName = "company_name"
            case phoneNumber = "phone_number"
        }
    }

    /// The membership's identifier.
    public var id: String
    /// The user's role in the account, such as `admin`.
    public var role: String?
    /// Whether the membership is archived.
    public var archived: Bool?
    /// The user.
    public var user: User
    /// The account.
    public var account: Account?
    /// The workspace.
    public var workspace: Account?
    /// The user as a contact.
    public var contact: Contact?
}
