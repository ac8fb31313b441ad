import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import Telemetry

/// The administration pages, for members of `administrators` signed in with the browser:
///
/// - `GET /admin/users`: every user with their groups, and the form that makes a user
///   (`POST /admin/users`: `name`, `password`, `administrator`).
/// - `POST /admin/groups` (`name`): a new group; `POST /admin/groups/{name}/delete`: deletes
///   one (not `administrators` or `members`). The users page lists the groups.
/// - `GET /admin/users/{name}`: a user's groups (`POST …/groups`: a `group` per membership),
///   a new password (`POST …/password`), disabling and enabling them (`POST …/disable`,
///   `POST …/enable`), and their API keys: a new one (`POST …/api-keys`: `label`), whose
///   secret the answer shows once, and revoking one (`POST /admin/api-keys/{id}/revoke`).
/// - `GET /admin/lockouts`: the user names and addresses locked out after wrong passwords or
///   keys, and clearing one (`POST /admin/lockouts/clear`: `kind`, `name`).
/// - `GET /admin/edges`, `GET /admin/oauth2-clients`, `GET /admin/storage`: the telemetry
///   edges, the OAuth2 clients, and storage use with its quotas (see their files).
///
/// The pages act through ``Administration``, as the command line does. Every page requires the
/// sign-in, every form its form token (``HTTPSupport/BrowserSignInMiddleware``), and the
/// person must be an administrator (403 otherwise). The pages carry no script.
public struct AdministrationPages: Sendable {
    /// What the pages do, the command line's own.
    let administration: Administration

    /// The accounts.
    var accounts: AccountStore { administration.accounts }

    /// The pages, acting through `administration`.
    public init(administration: Administration) {
        self.administration = administration
    }

    /// Adds the pages and their stylesheet to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.add([AdministrationLayout.stylesheet])
        let pages = router.group(RouterPath(AdministrationLink.root))
            .add(middleware: ConsoleErrorMiddleware { AdministrationLayout.errorPage($0) })
            .add(middleware: BrowserSignInMiddleware(accounts: accounts))
            .add(middleware: RequireGroupMiddleware(Group.administrators))
            .add(middleware: CatalogErrorMiddleware())
        pages.get { _, _ in ConsolePageResponse.redirect(to: AdministrationLink.users) }
        pages.get("users") { request, context in try await users(request, context: context) }
        pages.post("users") { request, context in
            let fields = try await request.submittedForm()
            let name = fields["name"] ?? ""
            let groups = fields["administrator"] == "true" ? [Group.administrators, Group.members] : [Group.members]
            _ = try await accounts.createUser(name: name, password: fields["password"] ?? "", groups: groups)
            return ConsolePageResponse.redirect(to: AdministrationLink.user(name, done: .created))
        }
        pages.post("groups") { request, _ in
            let name = (try await request.submittedForm()["name"] ?? "").trimmingCharacters(in: .whitespaces)
            try await accounts.createGroup(name)
            return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.users, done: .groupCreated))
        }
        pages.post("groups/:name/delete") { _, context in
            try await accounts.deleteGroup(named: try context.parameters.require("name"))
            return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.users, done: .groupDeleted))
        }
        pages.get("users/:name") { request, context in try await user(request, context: context) }
        pages.post("users/:name/disable") { _, context in
            let name = try context.parameters.require("name")
            guard name != (try context.requirePrincipal().userName) else {
                throw APIError(.badRequest, "You cannot disable yourself: another administrator can.")
            }
            try await accounts.setDisabled(true, userName: name)
            return ConsolePageResponse.redirect(to: AdministrationLink.user(name, done: .disabled))
        }
        pages.post("users/:name/enable") { _, context in
            let name = try context.parameters.require("name")
            try await accounts.setDisabled(false, userName: name)
            return ConsolePageResponse.redirect(to: AdministrationLink.user(name, done: .enabled))
        }
        pages.post("users/:name/groups") { request, context in
            let name = try context.parameters.require("name")
            try await accounts.setGroups(try await request.submittedForm().all("group"), ofUser: name)
            return ConsolePageResponse.redirect(to: AdministrationLink.user(name, done: .groupsSaved))
        }
        pages.post("users/:name/password") { request, context in
            let name = try context.parameters.require("name")
            try await accounts.setPassword(userName: name, to: try await request.submittedForm()["password"] ?? "")
            return ConsolePageResponse.redirect(to: AdministrationLink.user(name, done: .passwordReset))
        }
        pages.post("users/:name/api-keys") { request, context in
            let name = try context.parameters.require("name")
            let label = (try await request.submittedForm()["label"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, label.count <= 100 else { throw APIError(.badRequest, "Give the key a label of at most 100 characters.") }
            let created = try await accounts.createAPIKey(userName: name, label: label)
            return AdministrationLayout.page(
                title: "New API key", current: AdministrationLink.users, user: try context.requirePrincipal().userName,
                formToken: BrowserSession.formToken(of: request), template: "admin-secret-page",
                context: SecretPage(
                    heading: "New API key", subject: "The key “\(label)” of \(name):", identifier: nil, secretID: "api-key-secret",
                    secret: created.secret, backHref: AdministrationLink.user(name), backText: "Back to \(name)")
            )
        }
        pages.post("api-keys/:id/revoke") { request, context in
            let id = try context.parameters.require("id")
            guard let key = try await accounts.apiKeys().first(where: { $0.id == id }) else { throw AccountsError.apiKeyNotFound(id) }
            try await accounts.revokeAPIKey(id: id)
            return ConsolePageResponse.redirect(to: AdministrationLink.user(key.userName, done: .keyRevoked))
        }
        pages.get("lockouts") { request, context in try await lockouts(request, context: context) }
        pages.post("lockouts/clear") { request, _ in
            let fields = try await request.submittedForm()
            guard let kind = fields["kind"].flatMap(LockoutSubject.Kind.init(rawValue:)), let name = fields["name"], !name.isEmpty else {
                throw APIError(.badRequest, "Say which user name or address to clear.")
            }
            _ = try await accounts.throttle.clear(LockoutSubject(kind, name))
            return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.lockouts, done: .lockoutCleared))
        }
        addEdgePages(to: pages)
        addOAuth2ClientPages(to: pages)
        addStoragePages(to: pages)
        pages.get("**") { _, _ -> Response in throw APIError(.notFound, "There is no administration page here.") }
    }

    // MARK: Pages

    private func users(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let rows = try await accounts.users().map { user in
            UsersPage.Row(
                name: user.name, href: AdministrationLink.user(user.name), groups: user.groups.joined(separator: ", "),
                isDisabled: user.isDisabled, created: ConsoleTime(user.createdAt, to: .minute))
        }
        let groups = try await accounts.groups().map { group in
            UsersPage.GroupRow(
                name: group.name, members: group.members.joined(separator: ", "),
                deleteAction: [Group.administrators, Group.members].contains(group.name) ? nil : AdministrationLink.deleteGroup(group.name))
        }
        let formToken = BrowserSession.formToken(of: request) ?? ""
        return AdministrationLayout.page(
            title: "Users", current: AdministrationLink.users, user: try context.requirePrincipal().userName, formToken: formToken,
            template: "admin-users-page", context: UsersPage(notice: Self.notice(request), rows: rows, groups: groups, formToken: formToken)
        )
    }

    private func user(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let name = try context.parameters.require("name")
        guard let user = try await accounts.user(named: name) else { throw APIError(.notFound, "There is no such user.") }
        let formToken = BrowserSession.formToken(of: request) ?? ""
        let groups = try await accounts.groups().map { UserPage.GroupChoice(name: $0.name, isMember: user.groups.contains($0.name)) }
        let keys = try await accounts.apiKeys(userName: name).map { key in
            UserPage.Key(
                label: key.label, created: ConsoleTime(key.createdAt, to: .minute), revoked: key.revokedAt.map { ConsoleTime($0, to: .minute) },
                revokeHref: AdministrationLink.revoke(key: key.id))
        }
        return AdministrationLayout.page(
            title: user.name, current: AdministrationLink.users, user: try context.requirePrincipal().userName, formToken: formToken,
            template: "admin-user-page",
            context: UserPage(
                name: user.name, notice: Self.notice(request), formToken: formToken, disabled: user.disabledAt.map { ConsoleTime($0, to: .minute) },
                stateAction: AdministrationLink.user(name, action: user.isDisabled ? "enable" : "disable"), groups: groups, keys: keys,
                groupsAction: AdministrationLink.user(name, action: "groups"), passwordAction: AdministrationLink.user(name, action: "password"),
                keysAction: AdministrationLink.user(name, action: "api-keys"))
        )
    }

    private func lockouts(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let rows = try await accounts.throttle.lockouts().map { lockout in
            LockoutsPage.Row(
                kind: lockout.subject.kind.rawValue, name: lockout.subject.name, failures: lockout.failures,
                lockedUntil: lockout.lockedUntil.map { ConsoleTime($0, to: .second) }, lastFailure: ConsoleTime(lockout.lastFailureAt, to: .second))
        }
        let formToken = BrowserSession.formToken(of: request) ?? ""
        return AdministrationLayout.page(
            title: "Lock-outs", current: AdministrationLink.lockouts, user: try context.requirePrincipal().userName, formToken: formToken,
            template: "admin-lockouts-page",
            context: LockoutsPage(notice: Self.notice(request), rows: rows, isEmpty: rows.isEmpty, formToken: formToken)
        )
    }

    // MARK: Helpers

    /// The sentence the request's `done` names.
    static func notice(_ request: Request) -> String? {
        request.uri.queryParameters.get("done").flatMap(AdministrationNotice.init(rawValue:))?.sentence
    }
}
