import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import Storage
import Testing

/// An authorization server on a fresh database with a person (alice), a public app she signs
/// in to, and an edge (a confidential client acting for its service user).
struct OAuth2Fixture {
    static let issuer = "https://chancery.test"
    static let redirectURI = "com.example.app:/oauth2/callback"
    /// The RFC 7636 Appendix B verifier.
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    /// A fixed start time, so that tests move time by adding to it.
    static let start = Date(timeIntervalSince1970: 1_900_000_000)

    let accounts: AccountStore
    let server: OAuth2AuthorizationServer
    let alice: User
    let edgeUser: User
    let app: OAuth2Client
    let edge: OAuth2Client
    let edgeSecret: String

    /// Runs `body` with a new fixture.
    static func with(_ body: (OAuth2Fixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            let server = OAuth2AuthorizationServer(
                accounts: accounts, signingKey: JSONWebTokenKey(privateKey: P256.Signing.PrivateKey()), issuer: issuer
            )
            let alice = try await accounts.createUser(name: "alice", password: "correct horse")
            let edgeUser = try await accounts.createUser(name: "edge-truck-7", password: "unused password")
            let app = try await server.clients.create(name: "Viewer", kind: .public, redirectURIs: [redirectURI], now: start)
            let edge = try await server.clients.create(name: "truck 7", kind: .confidential, ownerUserID: edgeUser.id, now: start)
            try await body(
                OAuth2Fixture(
                    accounts: accounts, server: server, alice: alice, edgeUser: edgeUser,
                    app: app.client, edge: edge.client, edgeSecret: try #require(edge.secret)
                ))
        }
    }

    /// A code for alice and the app, with the challenge of ``verifier`` and scope `scope`,
    /// issued at `now`.
    func code(scope: String? = "read write", now: Date = Self.start) async throws -> String {
        try await server.issueAuthorizationCode(
            clientID: app.id, userID: alice.id, redirectURI: Self.redirectURI,
            codeChallenge: PKCE.challenge(for: Self.verifier), codeChallengeMethod: "S256", scope: scope, now: now
        )
    }

    /// The tokens of a code exchanged by the app at `now`.
    func tokens(now: Date = Self.start) async throws -> OAuth2TokenResponse {
        let code = try await code(now: now)
        return try await server.exchange(
            code: code, redirectURI: Self.redirectURI, codeVerifier: Self.verifier, clientID: app.id, clientSecret: nil, now: now
        )
    }
}

/// Expects `body` to throw an ``OAuth2Error`` with `code`.
func expectOAuth2Error(
    _ code: OAuth2Error.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    let error = await #expect(throws: OAuth2Error.self, sourceLocation: sourceLocation) { try await body() }
    #expect(error?.code == code, sourceLocation: sourceLocation)
}
