import Accounts
import HTTPSupport
import Hummingbird

/// The authenticated user as SignWell's `MeResponse`: `{id, role, archived, user, account,
/// workspace, contact}` (see ``AccountRoutes``). Optional names are left out when empty.
struct MeResponse: ResponseEncodable, Sendable {
    /// The user's own record.
    struct User: Encodable, Sendable {
        /// The user's id.
        let id: String
        /// Their name.
        let name: String
        /// Their email address.
        let email: String
        /// Whether they registered with Google: never.
        let hasGoogleRegistration: Bool
        /// Their first name, when their profile has one.
        let firstName: String?

        enum CodingKeys: String, CodingKey {
            case id, name, email
            case hasGoogleRegistration = "has_google_registration"
            case firstName = "first_name"
        }
    }

    /// The account (and workspace) the user belongs to: this server.
    struct Account: Encodable, Sendable {
        /// ``AccountRoutes/accountID``.
        let id: String
        /// `Chancery`.
        let name: String
        /// `self_hosted`.
        let planTier: String

        enum CodingKeys: String, CodingKey {
            case id, name
            case planTier = "plan_tier"
        }
    }

    /// The user as a contact.
    struct Contact: Encodable, Sendable {
        /// The user's id.
        let id: String
        /// Their name.
        let name: String
        /// Their email address.
        let email: String
        /// Whether the contact is archived: never.
        let archived: Bool
        /// Their company, when their profile has one.
        let companyName: String?

        enum CodingKeys: String, CodingKey {
            case id, name, email, archived
            case companyName = "company_name"
        }
    }

    /// The membership's id: the user's.
    let id: String
    /// `admin` or `member`.
    let role: String
    /// Whether the membership is archived: never.
    let archived: Bool
    /// The user.
    let user: User
    /// The account.
    let account: Account
    /// The workspace: the account again.
    let workspace: Account
    /// The user as a contact.
    let contact: Contact

    /// `principal`, whose profile is `profile`.
    init(_ principal: Principal, profile: UserProfile) {
        let name = profile.fullName.isEmpty ? principal.userName : profile.fullName
        let account = Account(id: AccountRoutes.accountID, name: "Chancery", planTier: "self_hosted")
        id = principal.userID
        role = principal.isAdministrator ? "admin" : "member"
        archived = false
        user = User(
            id: principal.userID, name: name, email: profile.email, hasGoogleRegistration: false,
            firstName: profile.firstName.isEmpty ? nil : profile.firstName
        )
        self.account = account
        workspace = account
        contact = Contact(
            id: principal.userID, name: name, email: profile.email, archived: false,
            companyName: profile.company.isEmpty ? nil : profile.company
        )
    }
}
