import Accounts
import HTTPSupport
import Hummingbird

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
            try await me(try context.requirePrincipal())
        }
    }

    /// `principal` as a `MeResponse`.
    func me(_ principal: Principal) async throws -> MeResponse {
        MeResponse(principal, profile: try await accounts.profile(ofUser: principal.userName))
    }
}
