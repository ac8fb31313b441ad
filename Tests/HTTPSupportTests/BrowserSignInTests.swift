import Accounts
import ChanceryTestSupport
import Console
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

/// Sign-in to the web pages: the form, its nonce, the password throttle, the session cookie,
/// the pages it opens, their form tokens, and sign-out.
@Suite struct BrowserSignInTests {
    /// A router with the sign-in routes and a signed-in area (`/area`) that echoes who is
    /// signed in, on a fresh database with the member `alice`.
    static func with(_ body: @escaping @Sendable (any TestClientProtocol, AccountStore) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
            // A lock lasts an hour here, so that a slow machine cannot see it end within a test.
            let lockouts = LockoutPolicy(userFreeFailures: 5, addressFreeFailures: 20, firstDelay: 3600, maximumDelay: 3600)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4), lockouts: lockouts)
            try await accounts.createUser(name: "alice", password: TestServer.memberPassword)
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: []))
            SignInRoutes(accounts: accounts).add(to: router)
            let area = router.group("area").add(middleware: BrowserSignInMiddleware(accounts: accounts))
            area.get { _, context in try context.requirePrincipal().userName }
            area.post("change") { _, context in "changed by \(try context.requirePrincipal().userName)" }
            try await Application(router: router).test(.router) { client in try await body(client, accounts) }
        }
    }

    /// The value of the cookie `name` that `response` sets, if it sets one.
    static func cookie(_ name: String, in response: TestResponse) -> String? {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair.count == 2, pair[0] == name { return String(pair[1]) }
        }
        return nil
    }

    /// Opens the form and returns its nonce (from the cookie, and checks the form repeats it).
    static func openForm(_ client: any TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/sign-in?next=%2Farea", method: .get) { response in
            #expect(response.status == .ok)
            let policy = try #require(response.headers[.contentSecurityPolicy])
            #expect(policy.contains("form-action 'self'") && !policy.contains("script-src"))
            let nonce = try #require(cookie("sign_in_nonce", in: response))
            #expect(response.headers[values: .setCookie].contains { $0.contains("SameSite=Strict") && $0.contains("HttpOnly") })
            let html = String(buffer: response.body)
            #expect(html.contains("name=\"sign_in_nonce\" value=\"\(nonce)\""))
            #expect(html.contains("name=\"next\" value=\"/area\""))
            return nonce
        }
    }

    /// Posts the sign-in form.
    static func signIn(
        _ client: any TestClientProtocol, nonce: String, formNonce: String? = nil, user: String = "alice",
        password: String = TestServer.memberPassword, next: String = "/area", _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        let form = FormEncodedQuery.encode([
            ("username", user), ("password", password), ("sign_in_nonce", formNonce ?? nonce), ("next", next),
        ])
        try await client.execute(
            uri: "/sign-in", method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "sign_in_nonce=\(nonce)"],
            body: ByteBuffer(string: form), testCallback: check
        )
    }

    @Test func theRightPasswordOpensASessionThatTheSignedInPagesAccept() async throws {
        try await Self.with { client, accounts in
            let nonce = try await Self.openForm(client)
            var session: String?
            try await Self.signIn(client, nonce: nonce) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/area")
                session = Self.cookie(BrowserSession.cookieName, in: response)
                let header = response.headers[values: .setCookie].first { $0.hasPrefix(BrowserSession.cookieName + "=") } ?? ""
                #expect(header.contains("HttpOnly") && header.contains("SameSite=Lax") && header.contains("Path=/"))
            }
            let token = try #require(session)
            #expect(try await accounts.authenticate(accessToken: token)?.userName == "alice")
            try await client.execute(uri: "/area", method: .get, headers: [.cookie: "\(BrowserSession.cookieName)=\(token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "alice")
            }
            // Signed in already, the form sends the browser on.
            try await client.execute(uri: "/sign-in?next=%2Farea", method: .get, headers: [.cookie: "\(BrowserSession.cookieName)=\(token)"]) {
                response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/area")
            }
        }
    }

    @Test func aWrongPasswordOrAFormWithoutItsNonceOpensNoSession() async throws {
        try await Self.with { client, _ in
            let nonce = try await Self.openForm(client)
            try await Self.signIn(client, nonce: nonce, password: "not the password") { response in
                #expect(response.status == .ok)
                #expect(Self.cookie(BrowserSession.cookieName, in: response) == nil)
                #expect(String(buffer: response.body).contains("Wrong user name or password."))
            }
            try await Self.signIn(client, nonce: nonce, formNonce: "another nonce") { response in
                #expect(response.status == .forbidden)
                #expect(Self.cookie(BrowserSession.cookieName, in: response) == nil)
            }
        }
    }

    @Test func nextLeadsOnlyToAPathOfThisSite() async throws {
        try await Self.with { client, _ in
            for next in ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
                let nonce = try await Self.openForm(client)
                try await Self.signIn(client, nonce: nonce, next: next) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == SignInRoutes.defaultNext, "\(next)")
                }
            }
        }
    }

    @Test func guessingIsThrottled() async throws {
        try await Self.with { client, _ in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<8 {
                let nonce = try await Self.openForm(client)
                try await Self.signIn(client, nonce: nonce, password: "guess") { response in
                    statuses.append(response.status)
                    if response.status == .tooManyRequests {
                        #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1)
                        #expect(String(buffer: response.body).contains("Too many wrong passwords."))
                    }
                }
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == .ok })
            #expect(statuses.last == .tooManyRequests)
            // Locked, even the right password is not checked.
            let nonce = try await Self.openForm(client)
            try await Self.signIn(client, nonce: nonce) { response in
                #expect(response.status == .tooManyRequests)
                #expect(Self.cookie(BrowserSession.cookieName, in: response) == nil)
            }
        }
    }

    @Test func withoutASessionThePagesSendTheBrowserToSignIn() async throws {
        try await Self.with { client, _ in
            for cookie in [nil, "\(BrowserSession.cookieName)=cht_unknown"] {
                try await client.execute(uri: "/area?x=1", method: .get, headers: cookie.map { [.cookie: $0] } ?? [:]) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/sign-in?next=%2Farea%3Fx%3D1")
                }
            }
        }
    }

    @Test func aChangeNeedsTheSessionsFormToken() async throws {
        try await Self.with { client, accounts in
            let principal = try #require(try await accounts.authenticate(userName: "alice", password: TestServer.memberPassword))
            let token = try await accounts.issueAccessToken(for: principal, lifetime: BrowserSession.lifetime).token
            let cookie = "\(BrowserSession.cookieName)=\(token)"
            let formToken = BrowserSession.formToken(ofSession: token)
            let otherToken = BrowserSession.formToken(ofSession: "cht_another session")
            for body in ["", "form_token=\(otherToken)"] {
                try await client.execute(
                    uri: "/area/change", method: .post, headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .forbidden)
                }
            }
            try await client.execute(
                uri: "/area/change", method: .post, headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "form_token=\(formToken)")
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "changed by alice")
            }
            try await client.execute(uri: "/area/change", method: .post, headers: [.cookie: cookie, BrowserSession.formTokenHeader: formToken]) {
                response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func signingOutEndsTheSessionOnTheServer() async throws {
        try await Self.with { client, accounts in
            let principal = try #require(try await accounts.authenticate(userName: "alice", password: TestServer.memberPassword))
            let token = try await accounts.issueAccessToken(for: principal, lifetime: BrowserSession.lifetime).token
            let headers: HTTPFields = [.cookie: "\(BrowserSession.cookieName)=\(token)", .contentType: "application/x-www-form-urlencoded"]
            try await client.execute(uri: "/sign-out", method: .post, headers: headers, body: ByteBuffer(string: "form_token=wrong")) { response in
                #expect(response.status == .forbidden)
            }
            #expect(try await accounts.authenticate(accessToken: token) != nil)
            let form = "form_token=\(BrowserSession.formToken(ofSession: token))"
            try await client.execute(uri: "/sign-out", method: .post, headers: headers, body: ByteBuffer(string: form)) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/sign-in")
                #expect(response.headers[values: .setCookie].contains { $0.hasPrefix("\(BrowserSession.cookieName)=;") && $0.contains("Max-Age=0") })
            }
            #expect(try await accounts.authenticate(accessToken: token) == nil)
            try await client.execute(uri: "/area", method: .get, headers: headers) { response in
                #expect(response.status == .seeOther)
            }
        }
    }

    @Test func aSignInThatIsNoFormOrTooLargeIsRefusedWithAPage() async throws {
        try await Self.with { client, _ in
            try await client.execute(
                uri: "/sign-in", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{\"username\":\"alice\"}")
            ) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
            let huge = "username=alice&password=" + String(repeating: "x", count: Request.maximumFormBytes + 1)
            try await client.execute(
                uri: "/sign-in", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: huge)
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(Self.cookie(BrowserSession.cookieName, in: response) == nil)
            }
        }
    }
}
