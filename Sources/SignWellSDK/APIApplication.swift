import Foundation

/// An API application: a set of callback URLs and branding that documents can belong to.
public struct APIApplication: Codable, Hashable, Sendable {
    /// The user who owns an application.
    public struct Owner: Codable, Hashable, Sendable {
        /// The user's identifier.
        public var id: String
        /// The user's account.
        public var accountID: String?
        /// The user's name.
        public var name: String?
        /// The user's e-mail address.
        public var email: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, email
            case accountID = "account_id"
        }
    }

    /// The application's identifier.
    public var id: String
    /// The application's name.
    public var name: String
    /// The URLs its events are sent to.
    public var callbackURLs: [String]?
    /// Who owns it.
    public var owner: Owner?
    /// Its branding settings, such as `primary_color`, as the server sent them; settings the
    /// server sent as `null` are left out.
    public var preferences: [String: FieldValue]?
    /// When it was created.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?

    /// Describes an application.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, owner, preferences
        case callbackURLs = "callback_urls"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Decodes an `ApiApplicationResponse`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        callbackURLs = try container.decodeIfPresent([String].self, forKey: .callbackURLs)
        owner = try container.decodeIfPresent(Owner.self, forKey: .owner)
        preferences = try container.decodeIfPresent([String: FieldValue?].self, forKey: .preferences)?.compactMapValues { $0 }
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
    }
}
