import Accounts
import HTTPSupport
import Hummingbird
import JSON

/// SignWell's account endpoints:
///
/// - `GET /me` → the authenticated user in the shape of SignWell's `MeResponse`:
///   `{id, role, archived, user, account, workspace, contact}`. The membership `id` is the
///   user's id; `role` is `admin` for administrators and `member` for everyone else; `user`
///   and `contact` carry the user's name and email from their profile (the login name when
///   the profile has no name). The `account` and the `workspace` are this Chancery server,
///   the same for every user (id ``accountID``, plan tier `self_hosted`).
struct AccountRoutes: Sendable {
    /// The users and their profiles.
    let accounts: AccountStore

    /// The id of the one account (and workspace) every user of this server belongs to.
    static let accountID = "chancery"

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("me") { _, context in
            SignWellResponse(body: try await me(try context.requirePrincipal()))
        }
    }

    /// `principal` as a `MeResponse`.
    func me(_ principal: Principal) async throws -> JSONValue {
        let profile = try await accounts.profile(ofUser: principal.userName)
        let name = profile.fullName.isEmpty ? principal.userName : profile.fullName
        var user: [String: JSONValue] = [
            "id": .string(principal.userID), "name": .string(name), "email": .string(profile.email),
            "has_google_registration": .bool(false),
        ]
        if !profile.firstName.isEmpty { user["first_name"] = .string(profile.firstName) }
        var contact: [String: JSONValue] = [
            "id": .string(principal.userID), "name": .string(name), "email": .string(profile.email), "archived": .bool(false),
        ]
        if !profile.company.isEmpty { contact["company_name"] = .string(profile.company) }
        let account: JSONValue = .object(["id": .string(Self.accountID), "name": .string("Chancery"), "plan_tier": .string("self_hosted")])
        return .object([
            "id": .string(principal.userID),
            "role": .string(principal.isAdministrator ? "admin" : "member"),
            "archived": .bool(false),
            "user": .object(user),
            "account": account,
            "workspace": account,
            "contact": .object(contact),
        ])
    }
}
