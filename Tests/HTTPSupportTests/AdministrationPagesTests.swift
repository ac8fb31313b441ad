import Accounts
import ChanceryServer
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
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

            let group = try await Self.post(client, "/admin/groups", cookie: admin.cookie, [("form_token", admin.formToken), ("name", "auditors")])
            #expect(group.status == .seeOther && group.location == "/admin/users?done=group-created")
            _ = try await Self.post(
                client, "/admin/users/bob/groups", cookie: admin.cookie,
                [("form_token", admin.formToken), ("group", Group.members), ("group", "auditors")])
            #expect(try await accounts.user(named: "bob")?.groups == ["auditors", Group.members])
            let (_, withGroup) = try await Self.get(client, "/admin/users", cookie: admin.cookie)
            #expect(withGroup.contains("<tr><td>auditors</td><td>bob</td>"))
            let builtIn = try await Self.post(client, "/admin/groups/members/delete", cookie: admin.cookie, [("form_token", admin.formToken)])
            #expect(builtIn.status == .forbidden)
            let removed = try await Self.post(client, "/admin/groups/auditors/delete", cookie: admin.cookie, [("form_token", admin.formToken)])
            #expect(removed.status == .seeOther && removed.location == "/admin/users?done=group-deleted")
            #expect(try await accounts.user(named: "bob")?.groups == [Group.members])

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

    /// What the pages act through, for checking what they did (no data directory is needed for
    /// edges, clients and quotas).
    static func administration(_ accounts: AccountStore) -> Administration {
        Administration(accounts: accounts, dataDirectory: "/nonexistent", blobs: .embedded(in: "/nonexistent"))
    }

    @Test func anAdministratorDisablesAndEnablesAUserButNotThemselves() async throws {
        try await TestServer.with { client, accounts in
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let alice = try await Self.session(accounts, "alice", TestServer.memberPassword)
            let token = ("form_token", admin.formToken)
            // A member's session is refused the pages (403) while it lasts, sent to sign in (303) once it ends.
            #expect(try await Self.get(client, "/admin/users", cookie: alice.cookie).status == .forbidden)

            let disabled = try await Self.post(client, "/admin/users/alice/disable", cookie: admin.cookie, [token])
            #expect(disabled.status == .seeOther && disabled.location == "/admin/users/alice?done=disabled")
            #expect(try await accounts.user(named: "alice")?.isDisabled == true)
            #expect(try await accounts.authenticate(userName: "alice", password: TestServer.memberPassword) == nil)
            // Her browser session ended with it.
            #expect(try await Self.get(client, "/admin/users", cookie: alice.cookie).status == .seeOther)
            let (_, page) = try await Self.get(client, "/admin/users/alice", cookie: admin.cookie)
            #expect(page.contains("id=\"enable-user\"") && !page.contains("id=\"disable-user\""))
            let (_, list) = try await Self.get(client, "/admin/users", cookie: admin.cookie)
            #expect(list.contains("<a href=\"/admin/users/alice\">alice</a></td><td>members</td><td>disabled</td>"))

            let enabled = try await Self.post(client, "/admin/users/alice/enable", cookie: admin.cookie, [token])
            #expect(enabled.status == .seeOther && enabled.location == "/admin/users/alice?done=enabled")
            #expect(try await accounts.authenticate(userName: "alice", password: TestServer.memberPassword) != nil)

            let herself = try await Self.post(client, "/admin/users/Administrator/disable", cookie: admin.cookie, [token])
            #expect(herself.status == .badRequest)
            #expect(try await accounts.user(named: "Administrator")?.isDisabled == false)
            #expect(try await Self.post(client, "/admin/users/alice/disable", cookie: admin.cookie, []).status == .forbidden)
            #expect(try await Self.post(client, "/admin/users/nobody/disable", cookie: admin.cookie, [token]).status == .notFound)
        }
    }

    @Test func anAdministratorCreatesDisablesAndDeletesEdges() async throws {
        try await TestServer.with { client, accounts in
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let token = ("form_token", admin.formToken)
            let (_, empty) = try await Self.get(client, "/admin/edges", cookie: admin.cookie)
            #expect(empty.contains("id=\"no-edges\""))

            let created = try await Self.post(
                client, "/admin/edges", cookie: admin.cookie, [token, ("name", "truck-7"), ("nickname", "Truck 7"), ("owner", "alice")])
            #expect(created.status == .ok)
            let uuid = try #require(created.html.firstMatch(of: /<code id="secret-identifier">([^<]+)<\/code>/).map { String($0.output.1) })
            let secret = try #require(
                created.html.firstMatch(of: /<code id="edge-secret" class="secret">([^<]+)<\/code>/).map { String($0.output.1) })
            #expect(try await OAuth2ClientStore(database: accounts.database).authenticate(clientID: uuid, secret: secret)?.id == uuid)
            let edges = try await Self.administration(accounts).edges()
            #expect(edges.map { "\($0.name) \($0.nickname) \($0.owner ?? "-") \($0.isEnabled)" } == ["truck-7 Truck 7 alice true"])
            let (_, listed) = try await Self.get(client, "/admin/edges", cookie: admin.cookie)
            #expect(listed.contains("<code>\(uuid)</code>") && !listed.contains(secret))

            let disabled = try await Self.post(client, "/admin/edges/\(uuid)/disable", cookie: admin.cookie, [token])
            #expect(disabled.status == .seeOther && disabled.location == "/admin/edges?done=edge-disabled")
            #expect(try await Self.administration(accounts).edges().first?.isEnabled == false)
            // The device's account user is disabled with it, so its secret and tokens are refused.
            #expect(try await accounts.user(named: uuid)?.isDisabled == true)
            _ = try await Self.post(client, "/admin/edges/\(uuid)/enable", cookie: admin.cookie, [token])
            #expect(try await Self.administration(accounts).edges().first?.isEnabled == true)
            #expect(try await accounts.user(named: uuid)?.isDisabled == false)

            let notarizes = try await Self.post(client, "/admin/edges/\(uuid)/notarize", cookie: admin.cookie, [token])
            #expect(notarizes.status == .seeOther && notarizes.location == "/admin/edges?done=edge-notarizes")
            #expect(try await Self.administration(accounts).edges().first?.notarizesMeasurements == true)
            #expect(try await Self.get(client, "/admin/edges", cookie: admin.cookie).html.contains("Stop notarizing"))
            _ = try await Self.post(client, "/admin/edges/\(uuid)/stop-notarizing", cookie: admin.cookie, [token])
            #expect(try await Self.administration(accounts).edges().first?.notarizesMeasurements == false)

            let taken = try await Self.post(client, "/admin/edges", cookie: admin.cookie, [token, ("name", "truck-7")])
            #expect(taken.status == .conflict && taken.html.contains("exists already"))
            #expect(
                try await Self.post(client, "/admin/edges", cookie: admin.cookie, [token, ("name", "x"), ("owner", "nobody")]).status == .notFound)
            #expect(try await Self.post(client, "/admin/edges/\(uuid)/explode", cookie: admin.cookie, [token]).status == .notFound)

            let deleted = try await Self.post(client, "/admin/edges/\(uuid)/delete", cookie: admin.cookie, [token])
            #expect(deleted.status == .seeOther && deleted.location == "/admin/edges?done=edge-deleted")
            #expect(try await Self.administration(accounts).edges().isEmpty)
            #expect(try await OAuth2ClientStore(database: accounts.database).client(id: uuid) == nil)
            #expect(try await Self.post(client, "/admin/edges/\(uuid)/delete", cookie: admin.cookie, [token]).status == .notFound)
        }
    }

    @Test func anAdministratorRegistersAndDeletesOAuth2Clients() async throws {
        try await TestServer.with { client, accounts in
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let token = ("form_token", admin.formToken)
            let clients = OAuth2ClientStore(database: accounts.database)

            let viewer = try await Self.post(
                client, "/admin/oauth2-clients", cookie: admin.cookie,
                [token, ("name", "Viewer"), ("redirect_uris", "com.example.viewer:/callback\r\n\r\nhttp://127.0.0.1:8765/cb\r\n")])
            #expect(viewer.status == .seeOther)
            let registered = try #require(try await clients.all().first { $0.name == "Viewer" })
            #expect(registered.kind == .public && registered.redirectURIs == ["com.example.viewer:/callback", "http://127.0.0.1:8765/cb"])
            #expect(viewer.location == "/admin/oauth2-clients#client-\(registered.id)")

            let backend = try await Self.post(
                client, "/admin/oauth2-clients", cookie: admin.cookie,
                [token, ("name", "Backend"), ("redirect_uris", "https://app.example/cb"), ("confidential", "true")])
            let id = try #require(backend.html.firstMatch(of: /<code id="secret-identifier">([^<]+)<\/code>/).map { String($0.output.1) })
            let secret = try #require(
                backend.html.firstMatch(of: /<code id="client-secret" class="secret">([^<]+)<\/code>/).map { String($0.output.1) })
            #expect(try await clients.authenticate(clientID: id, secret: secret)?.name == "Backend")

            let noURI = try await Self.post(client, "/admin/oauth2-clients", cookie: admin.cookie, [token, ("name", "Phone")])
            #expect(noURI.status == .badRequest && noURI.html.contains("at least one redirect URI"))
            let badURI = try await Self.post(
                client, "/admin/oauth2-clients", cookie: admin.cookie, [token, ("name", "Phone"), ("redirect_uris", "not a uri#x")])
            #expect(badURI.status == .badRequest)
            #expect(try await Self.post(client, "/admin/oauth2-clients", cookie: admin.cookie, [token, ("name", " ")]).status == .badRequest)

            let edge = try await Self.post(client, "/admin/edges", cookie: admin.cookie, [token, ("name", "truck-8")])
            let edgeID = try #require(edge.html.firstMatch(of: /<code id="secret-identifier">([^<]+)<\/code>/).map { String($0.output.1) })
            let (_, page) = try await Self.get(client, "/admin/oauth2-clients", cookie: admin.cookie)
            #expect(page.contains("<tr id=\"client-\(edgeID)\">") && page.contains("<a href=\"/admin/edges\">an edge's</a>"))
            let refused = try await Self.post(client, "/admin/oauth2-clients/\(edgeID)/delete", cookie: admin.cookie, [token])
            #expect(refused.status == .conflict)
            #expect(try await clients.client(id: edgeID) != nil)

            let deleted = try await Self.post(client, "/admin/oauth2-clients/\(id)/delete", cookie: admin.cookie, [token])
            #expect(deleted.status == .seeOther && deleted.location == "/admin/oauth2-clients?done=client-deleted")
            #expect(try await clients.client(id: id) == nil)
            #expect(try await Self.post(client, "/admin/oauth2-clients/\(id)/delete", cookie: admin.cookie, [token]).status == .notFound)
        }
    }

    @Test func anAdministratorSeesStorageUseAndSetsQuotas() async throws {
        try await TestServer.with { client, accounts in
            let admin = try await Self.session(accounts, "Administrator", TestServer.administratorPassword)
            let token = ("form_token", admin.formToken)
            let (_, before) = try await Self.get(client, "/admin/storage", cookie: admin.cookie)
            #expect(before.contains("<tr><td>alice</td><td>0 B</td><td>none</td></tr>") && before.contains("id=\"no-quotas\""))

            let set = try await Self.post(
                client, "/admin/storage/quotas", cookie: admin.cookie, [token, ("kind", "group"), ("name", "members"), ("size", "1536MiB")])
            #expect(set.status == .seeOther && set.location == "/admin/storage?done=quota-set")
            #expect(try await Self.administration(accounts).quotas() == [StorageQuota(subject: .group("members"), bytes: 1536 << 20)])
            let (_, after) = try await Self.get(client, "/admin/storage", cookie: admin.cookie)
            #expect(after.contains("<tr><td>alice</td><td>0 B</td><td>1.5 GiB</td></tr>"))
            #expect(after.contains("<td>group</td><td>members</td><td>1.5 GiB</td>"))

            for (fields, status) in [
                ([("kind", "user"), ("name", "alice"), ("size", "lots")], HTTPResponse.Status.badRequest),
                ([("kind", "planet"), ("name", "alice"), ("size", "1GB")], .badRequest),
                ([("kind", "user"), ("name", ""), ("size", "1GB")], .badRequest),
                ([("kind", "user"), ("name", "nobody"), ("size", "1GB")], .notFound),
            ] {
                #expect(try await Self.post(client, "/admin/storage/quotas", cookie: admin.cookie, [token] + fields).status == status)
            }

            let cleared = try await Self.post(
                client, "/admin/storage/quotas/clear", cookie: admin.cookie, [token, ("kind", "group"), ("name", "members")])
            #expect(cleared.status == .seeOther && cleared.location == "/admin/storage?done=quota-cleared")
            #expect(try await Self.administration(accounts).quotas().isEmpty)
            let again = try await Self.post(
                client, "/admin/storage/quotas/clear", cookie: admin.cookie, [token, ("kind", "group"), ("name", "members")])
            #expect(again.status == .notFound)
        }
    }
}
