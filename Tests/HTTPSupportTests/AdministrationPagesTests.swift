import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The administration pages on the whole application: only administrators, only with the form
/// token, and each action doing what it says in the account store.
@Suite struct AdministrationPagesTests {
    /// A browser session of `user`: its cookie header and form token.
    static func session(_ accounts: AccountStore, _ user: String, _ password: String) async throws -> (cookie: HTTPFields, formToken: String) {
        let principal = try #require(try await accounts.authenticate(userName: user, password: password))
        let token = try await accounts.issueAccessToken(for: principal, lifetime: BrowserSession.lifetime).token
        return ([.cookie: "\(BrowserSession.cookieName)=\(token)"], BrowserSession.formToken(ofSession: token))
    }

    /// Posts `fields` as a form; returns the status, the location and the page.
    static func post(
        _ client: any TestClientProtocol, _ uri: String, cookie: HTTPFields, _ fields: [(String, String)]
    ) async throws -> (status: HTTPResponse.Status, location: String?, html: String) {
        var headers = cookie
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: FormEncodedQuery.encode(fields.map { (name: $0.0, value: $0.1) }))
        ) { response in (response.status, response.headers[.location], String(buffer: response.body)) }
    }

    static func get(_ client: any TestClientProtocol, _ uri: String, cookie: HTTPFields) async throws -> (status: HTTPResponse.Status, html: String) {
        try await client.execute(uri: uri, method: .get, headers: cookie) { response in (response.status, String(buffer: response.body)) }
    }

    @Test func onlyAdministratorsSeeThePages() async throws {
        try await TestServer.with { client, accounts in
            let member = try await Self.session(accounts, "alice", TestServer.memberPassword)
            #expect(try await Self.get(client, "/admin/users", cookie: member.cookie).status == .forbidden)
            let refused = try await Self.post(
                client, "/admin/users", cookie: member.cookie,
                [("form_token", member.formToken), ("name", "mallory"), ("password", "a long password")])
            #expect(refused.status == .forbidden)
            #expect(try await accounts.user(named: "mallory") == nil)
            let (status, location) = try await client.execute(uri: "/admin/lockouts", method: .get) { ($0.status, $0.headers[.location]) }
            #expect(status == .seeOther && location == "/sign-in?next=%2Fadmin%2Flockouts")
        }
    }

    @Test func anAdministratorManagesUsersGroupsPasswordsAndKeys() async throws {
        try await TestServer.with { client, accounts in
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let (listed, users) = try await Self.get(client, "/admin/users", cookie: admin.cookie)
            #expect(listed == .ok && users.contains("<a href=\"/admin/users/alice\">alice</a>"))

            let forged = try await Self.post(client, "/admin/users", cookie: admin.cookie, [("name", "bob"), ("password", "bob's long password")])
            #expect(forged.status == .forbidden)
            #expect(try await accounts.user(named: "bob") == nil)
            let created = try await Self.post(
                client, "/admin/users", cookie: admin.cookie,
                [("form_token", admin.formToken), ("name", "bob"), ("password", "bob's long password"), ("administrator", "true")])
            #expect(created.status == .seeOther && created.location == "/admin/users/bob?done=created")
            #expect(try await accounts.user(named: "bob")?.groups.sorted() == [Group.administrators, Group.members])
            #expect(try await accounts.authenticate(userName: "bob", password: "bob's long password") != nil)

            let groups = try await Self.post(
                client, "/admin/users/bob/groups", cookie: admin.cookie, [("form_token", admin.formToken), ("group", Group.members)])
            #expect(groups.status == .seeOther)
            #expect(try await accounts.user(named: "bob")?.groups == [Group.members])

            let password = try await Self.post(
                client, "/admin/users/bob/password", cookie: admin.cookie, [("form_token", admin.formToken), ("password", "a new long password")])
            #expect(password.status == .seeOther)
            #expect(try await accounts.authenticate(userName: "bob", password: "bob's long password") == nil)
            #expect(try await accounts.authenticate(userName: "bob", password: "a new long password") != nil)

            let key = try await Self.post(
                client, "/admin/users/bob/api-keys", cookie: admin.cookie, [("form_token", admin.formToken), ("label", "ci")])
            #expect(key.status == .ok)
            let secret = try #require(key.html.firstMatch(of: /<code id="api-key-secret" class="secret">([^<]+)<\/code>/).map { String($0.output.1) })
            #expect(try await accounts.authenticate(apiKey: secret)?.userName == "bob")
            let (_, userPage) = try await Self.get(client, "/admin/users/bob", cookie: admin.cookie)
            #expect(userPage.contains("<td>ci</td>") && !userPage.contains(secret))
            let revokeAction = try #require(userPage.firstMatch(of: /action="(\/admin\/api-keys\/[^"]+\/revoke)"/).map { String($0.output.1) })
            let revoked = try await Self.post(client, revokeAction, cookie: admin.cookie, [("form_token", admin.formToken)])
            #expect(revoked.status == .seeOther && revoked.location == "/admin/users/bob?done=key-revoked")
            #expect(try await accounts.authenticate(apiKey: secret) == nil)

            let duplicate = try await Self.post(
                client, "/admin/users", cookie: admin.cookie, [("form_token", admin.formToken), ("name", "bob"), ("password", "another long one")])
            #expect(duplicate.status == .conflict && duplicate.html.contains("exists already"))
        }
    }

    @Test func anAdministratorSeesAndClearsLockouts() async throws {
        try await TestServer.with { client, accounts in
            // The failures are listed whether or not their lock has ended yet (it lasts a second
            // here), so nothing below depends on how fast the machine is.
            for _ in 0..<6 { _ = try? await accounts.authenticate(userName: "alice", password: "guess") }
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let (_, page) = try await Self.get(client, "/admin/lockouts", cookie: admin.cookie)
            #expect(page.contains("<td>user</td><td>alice</td>"))
            let cleared = try await Self.post(
                client, "/admin/lockouts/clear", cookie: admin.cookie, [("form_token", admin.formToken), ("kind", "user"), ("name", "alice")])
            #expect(cleared.status == .seeOther)
            #expect(try await accounts.throttle.lockouts().contains { $0.subject == .user("alice") } == false)
            let (_, after) = try await Self.get(client, "/admin/lockouts?done=lockout-cleared", cookie: admin.cookie)
            #expect(after.contains("The lock-out was cleared.") && !after.contains("<td>alice</td>"))
        }
    }

    @Test func malformedOrUnknownRequestsAreRefused() async throws {
        try await TestServer.with { client, accounts in
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let token = ("form_token", admin.formToken)
            #expect(
                try await Self.post(client, "/admin/lockouts/clear", cookie: admin.cookie, [token, ("kind", "bogus"), ("name", "x")]).status
                    == .badRequest)
            #expect(try await Self.post(client, "/admin/users/alice/api-keys", cookie: admin.cookie, [token, ("label", " ")]).status == .badRequest)
            #expect(try await Self.post(client, "/admin/api-keys/no-such-key/revoke", cookie: admin.cookie, [token]).status == .notFound)
            #expect(try await Self.get(client, "/admin/users/nobody", cookie: admin.cookie).status == .notFound)
            #expect(
                try await Self.post(client, "/admin/users/nobody/password", cookie: admin.cookie, [token, ("password", "a long password")]).status
                    == .notFound)
            #expect(try await accounts.apiKeys(userName: "alice").isEmpty)
        }
    }
}
