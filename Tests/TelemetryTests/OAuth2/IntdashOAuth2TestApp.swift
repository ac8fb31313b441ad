import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@testable import Telemetry

/// The intdash OAuth2 routes over a fresh database, with a person (alice), a public app she
/// signs in to, an edge (a confidential client acting for its own user), and a route that
/// answers who the intdash authenticators say the caller is.
struct IntdashOAuth2TestApp {
    static let issuer = "http://chancery.test"
    static let redirectURI = "http://127.0.0.1:9/callback"
    static let base = "/intdash/api/auth/oauth2"
    static let whoAmI = "/intdash/api/test/whoami"
    static let alicePassword = "correct horse battery"

    let client: any TestClientProtocol
    let accounts: AccountStore
    let server: OAuth2AuthorizationServer
    let alice: User
    let app: OAuth2Client
    let edge: OAuth2Client
    let edgeUser: User
    let edgeSecret: String

    /// The standard number of free failures, with a lock long enough that a loaded machine
    /// cannot outlast it between two requests of a test (the standard first lock is 1 s).
    static let lockouts = LockoutPolicy(
        userFreeFailures: LockoutPolicy.standard.userFreeFailures, addressFreeFailures: LockoutPolicy.standard.addressFreeFailures,
        firstDelay: 600, maximumDelay: 600
    )

    /// Runs `body` against a fresh application.
    static func with(_ body: @escaping @Sendable (IntdashOAuth2TestApp) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4), lockouts: lockouts)
            let server = OAuth2AuthorizationServer(
                accounts: accounts, signingKey: JSONWebTokenKey(privateKey: P256.Signing.PrivateKey()), issuer: issuer
            )
            let alice = try await accounts.createUser(name: "alice", password: alicePassword)
            try await accounts.createGroup("edges")
            let edgeUUID = UUID()
            let edgeUser = try await accounts.createUser(
                name: edgeUUID.uuidString.lowercased(), password: Secret.randomText(byteCount: 18), groups: ["edges"])
            let app = try await server.clients.create(name: "Telemetry <Viewer>", kind: .public, redirectURIs: [redirectURI])
            let edge = try await server.clients.create(name: "truck 7", kind: .confidential, ownerUserID: edgeUser.id, id: edgeUUID)

            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: [("/intdash", IntdashErrorFormat())]))
            IntdashOAuth2Routes(accounts: accounts, server: server).add(to: router)
            router.group(RouterPath(whoAmI))
                .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: IntdashAuthenticators.all(server: server)))
                .get { _, context in try context.requirePrincipal().userName }
            try await Application(router: router).test(.router) { client in
                try await body(
                    IntdashOAuth2TestApp(
                        client: client, accounts: accounts, server: server, alice: alice, app: app.client,
                        edge: edge.client, edgeUser: edgeUser, edgeSecret: try #require(edge.secret)
                    ))
            }
        }
    }

    // MARK: Requests

    /// What a test reads from a response.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String

        /// The body as a JSON object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        }

        /// The `name=value` of the cookie the response sets, for the next request's `Cookie`.
        var sessionCookie: String? {
            headers[values: .setCookie].first { $0.hasPrefix("chancery_oauth2_session=") }?
                .split(separator: ";").first.map(String.init)
        }

        /// The value of the hidden field `name` in the page.
        func hiddenField(_ name: String) -> String? {
            let marker = "name=\"\(name)\" value=\""
            guard let start = body.range(of: marker)?.upperBound, let end = body[start...].firstIndex(of: "\"") else { return nil }
            return String(body[start..<end]).replacingOccurrences(of: "&amp;", with: "&")
        }

        /// The `Location` header.
        var location: String? { headers[.location] }
    }

    /// Sends a request and reads the answer.
    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], form: [(String, String)]? = nil) async throws -> Answer {
        var headers = headers
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: Self.formEncoded(form))
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body) { response in
            Answer(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }

    /// Sends `object` as JSON and reads the answer.
    func send(_ method: HTTPRequest.Method, _ uri: String, json object: [String: Any]) async throws -> Answer {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try await client.execute(uri: uri, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)) {
            response in
            Answer(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }

    /// `fields` form-urlencoded.
    static func formEncoded(_ fields: [(String, String)]) -> String {
        fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    /// `text` with everything but unreserved characters percent-encoded.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }

    /// The parameters of an authorization request of the app, with the challenge of `verifier`.
    func authorizationParameters(verifier: String, state: String = "state with spaces & more", extra: [(String, String)] = []) -> [(String, String)] {
        [
            ("client_id", app.id), ("response_type", "code"), ("redirect_uri", Self.redirectURI), ("state", state),
            ("code_challenge", PKCE.challenge(for: verifier)), ("code_challenge_method", "S256"),
        ] + extra
    }

    /// The authorization URL of `parameters` under `base`.
    static func authorizationURI(_ parameters: [(String, String)], base: String = base) -> String {
        base + "/authorization?" + formEncoded(parameters)
    }

    /// The query parameters of a redirect `location`.
    static func redirectParameters(_ location: String) -> [String: String] {
        Dictionary(
            (URLComponents(string: location)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first }
        )
    }

    /// Signs alice in through the pages and allows the app: the code from the redirect and
    /// the browser's session cookie.
    func signInAndAllow(verifier: String, state: String = "state with spaces & more") async throws -> (code: String, cookie: String) {
        let parameters = authorizationParameters(verifier: verifier, state: state)
        let signInPage = try await send(.get, Self.authorizationURI(parameters))
        #expect(signInPage.status == .ok)
        let firstCookie = try #require(signInPage.sessionCookie)
        let signIn = try await send(
            .post, Self.base + "/authorization", headers: [.cookie: firstCookie],
            form: parameters + [
                ("step", "sign-in"), ("form_token", try #require(signInPage.hiddenField("form_token"))),
                ("username", "alice"), ("password", Self.alicePassword),
            ]
        )
        #expect(signIn.status == .seeOther)
        let cookie = try #require(signIn.sessionCookie)
        let consentPage = try await send(.get, try #require(signIn.location), headers: [.cookie: cookie])
        #expect(consentPage.status == .ok)
        let decision = try await send(
            .post, Self.base + "/authorization", headers: [.cookie: cookie],
            form: parameters + [("step", "consent"), ("form_token", try #require(consentPage.hiddenField("form_token"))), ("decision", "allow")]
        )
        #expect(decision.status == .found)
        let answer = Self.redirectParameters(try #require(decision.location))
        #expect(answer["state"] == state)
        return (try #require(answer["code"]), cookie)
    }

    /// Exchanges `code` at the token endpoint.
    func exchange(code: String, verifier: String, base: String = base) async throws -> Answer {
        try await send(
            .post, base + "/token",
            form: [
                ("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier),
                ("redirect_uri", Self.redirectURI), ("client_id", app.id),
            ])
    }

    /// Who the intdash authenticators say the caller with `headers` is: the status and the
    /// user name (or error body).
    func whoAmI(_ headers: HTTPFields) async throws -> Answer {
        try await send(.get, Self.whoAmI, headers: headers)
    }

    /// A new PKCE verifier.
    static func newVerifier() -> String {
        Secret.randomText(byteCount: 48)
    }
}
