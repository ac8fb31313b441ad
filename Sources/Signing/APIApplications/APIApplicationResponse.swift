import Accounts
import HTTPSupport
import Hummingbird

/// An API application as SignWell's `ApiApplicationResponse`: `{id, name, callback_urls,
/// created_at, updated_at, owner{id, account_id, name, email}, preferences{primary_color,
/// button_text_color, link_text_color, buttons_border_radius, custom_logo_file}}`, the
/// preferences `null` where unset.
struct APIApplicationResponse: ResponseEncodable, Sendable {
    /// The application's owner.
    struct Owner: Encodable, Sendable {
        /// The owner's user id.
        let id: String
        /// ``AccountRoutes/accountID``.
        let accountID: String
        /// Their name.
        let name: String
        /// Their email address.
        let email: String

        enum CodingKeys: String, CodingKey {
            case id, name, email
            case accountID = "account_id"
        }
    }

    /// The look the application gives its signing pages, and its logo: never one.
    struct Preferences: Encodable, Sendable {
        /// The colours and corner radius.
        let branding: SigningBranding

        enum CodingKeys: String, CodingKey {
            case customLogoFile = "custom_logo_file"
        }

        func encode(to encoder: any Encoder) throws {
            try SigningBrandingResponse(branding: branding).encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNil(forKey: .customLogoFile)
        }
    }

    /// The application's id.
    let id: String
    /// Its name.
    let name: String
    /// The callback URLs it declares.
    let callbackURLs: [String]
    /// When it was made.
    let createdAt: String
    /// When it last changed.
    let updatedAt: String
    /// Its owner.
    let owner: Owner
    /// Its look.
    let preferences: Preferences

    enum CodingKeys: String, CodingKey {
        case id, name, owner, preferences
        case callbackURLs = "callback_urls"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// `application`, owned by `owner`, whose profile is `profile`.
    init(_ application: APIApplication, owner: Principal, profile: UserProfile) {
        id = application.id
        name = application.name
        callbackURLs = application.callbackURLs
        createdAt = DocumentRenderer.timestamp(application.createdAt)
        updatedAt = DocumentRenderer.timestamp(application.updatedAt)
        self.owner = Owner(
            id: owner.userID, accountID: AccountRoutes.accountID, name: profile.fullName.isEmpty ? owner.userName : profile.fullName,
            email: profile.email
        )
        preferences = Preferences(branding: application.branding)
    }
}
