import Accounts
import Foundation
import SQLKit
import Storage
import Testing

@Suite struct OAuth2AuthorizationCodeTests {
    typealias Fixture = OAuth2Fixture

    @Test func aCodeExchangedWithItsVerifierGivesTokensForTheUser() async throws {
        try await Fixture.with { fixture in
            let tokens = try await fixture.tokens()
            #expect(tokens.tokenType == "Bearer")
            #expect(tokens.expiresIn == 3600)
            #expect(tokens.refreshTokenExpiresIn == 30 * 24 * 3600)
            #expect(tokens.scope == "read write")
            #expect(tokens.refreshToken?.hasPrefix("chr_") == true)
            let claims = try #require(fixture.server.verifiedClaims(ofAccessToken: tokens.accessToken, now: Fixture.start))
            #expect(claims.iss == Fixture.issuer)
            #expect(claims.sub == fixture.alice.id)
            #expect(claims.clientID == fixture.app.id)
            #expect(claims.scope == "read write")
            #expect(claims.exp - claims.iat == 3600)
            #expect(claims.iat == Int(Fixture.start.timeIntervalSince1970))
            let principal = try #require(try await fixture.server.principal(forAccessToken: tokens.accessToken, now: Fixture.start))
            #expect(principal.userID == fixture.alice.id)
            #expect(principal.userName == "alice")
            #expect(principal.groups == [Group.members])
        }
    }

    @Test func theAnswerHasTheWireNames() throws {
        let json =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(
                    OAuth2TokenResponse(accessToken: "a", expiresIn: 3600, refreshToken: nil, refreshTokenExpiresIn: nil, scope: "")
                )) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["access_token", "token_type", "expires_in", "scope"])
        #expect(json?["token_type"] as? String == "Bearer")
    }

    @Test func theCodeIsStoredOnlyAsItsHash() async throws {
        try await Fixture.with { fixture in
            let code = try await fixture.code()
            let stored = try await fixture.accounts.database.withConnection { sql in
                try await sql.select().column("code_hash").from("oauth2_authorization_codes").all(decodingColumn: "code_hash", as: String.self)
            }
            #expect(stored == [Secret.hash(code)])
        }
    }

    @Test func aWrongVerifierIsRefusedAndLeavesTheCodeUsable() async throws {
        try await Fixture.with { fixture in
            let code = try await fixture.code()
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: String(repeating: "x", count: 43),
                    clientID: fixture.app.id, clientSecret: nil, now: Fixture.start
                )
            }
            await expectOAuth2Error(.invalidRequest) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: "short", clientID: fixture.app.id, clientSecret: nil,
                    now: Fixture.start
                )
            }
            let tokens = try await fixture.server.exchange(
                code: code, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier, clientID: fixture.app.id, clientSecret: nil,
                now: Fixture.start
            )
            #expect(tokens.refreshToken != nil)
        }
    }

    @Test func aDifferentRedirectURIIsRefused() async throws {
        try await Fixture.with { fixture in
            let code = try await fixture.code()
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI + "/", codeVerifier: Fixture.verifier,
                    clientID: fixture.app.id, clientSecret: nil, now: Fixture.start
                )
            }
        }
    }

    @Test func anotherClientCannotExchangeTheCode() async throws {
        try await Fixture.with { fixture in
            let code = try await fixture.code()
            let other = try await fixture.server.clients.create(name: "other", kind: .public, redirectURIs: [Fixture.redirectURI])
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier,
                    clientID: other.client.id, clientSecret: nil, now: Fixture.start
                )
            }
            await expectOAuth2Error(.invalidClient) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier,
                    clientID: UUID().uuidString.lowercased(), clientSecret: nil, now: Fixture.start
                )
            }
            await expectOAuth2Error(.invalidClient) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier,
                    clientID: fixture.app.id, clientSecret: "a public client has none", now: Fixture.start
                )
            }
        }
    }

    @Test func aCodeExpiresAfterSixtySeconds() async throws {
        try await Fixture.with { fixture in
            let code = try await fixture.code()
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier,
                    clientID: fixture.app.id, clientSecret: nil, now: Fixture.start.addingTimeInterval(61)
                )
            }
            let fresh = try await fixture.code()
            let tokens = try await fixture.server.exchange(
                code: fresh, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier,
                clientID: fixture.app.id, clientSecret: nil, now: Fixture.start.addingTimeInterval(59)
            )
            #expect(!tokens.accessToken.isEmpty)
        }
    }

    @Test func aReusedCodeIsRefusedAndRevokesTheFirstExchangesRefreshToken() async throws {
        try await Fixture.with { fixture in
            let code = try await fixture.code()
            let exchange = {
                try await fixture.server.exchange(
                    code: code, redirectURI: Fixture.redirectURI, codeVerifier: Fixture.verifier,
                    clientID: fixture.app.id, clientSecret: nil, now: Fixture.start.addingTimeInterval(5)
                )
            }
            let first = try await exchange()
            let refreshToken = try #require(first.refreshToken)
            await expectOAuth2Error(.invalidGrant) { _ = try await exchange() }
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.refresh(
                    refreshToken: refreshToken, scope: nil, clientID: fixture.app.id, clientSecret: nil,
                    now: Fixture.start.addingTimeInterval(10)
                )
            }
        }
    }

    @Test func issuingRefusesUnregisteredRedirectsPlainPKCEAndBadScopes() async throws {
        try await Fixture.with { fixture in
            let challenge = PKCE.challenge(for: Fixture.verifier)
            let issue = { (redirectURI: String, challenge: String, method: String, scope: String?) in
                _ = try await fixture.server.issueAuthorizationCode(
                    clientID: fixture.app.id, userID: fixture.alice.id, redirectURI: redirectURI,
                    codeChallenge: challenge, codeChallengeMethod: method, scope: scope
                )
            }
            await expectOAuth2Error(.invalidRequest) { try await issue("https://evil.example/cb", challenge, "S256", nil) }
            await expectOAuth2Error(.invalidRequest) { try await issue(Fixture.redirectURI, Fixture.verifier, "plain", nil) }
            await expectOAuth2Error(.invalidRequest) { try await issue(Fixture.redirectURI, "", "S256", nil) }
            await expectOAuth2Error(.invalidScope) { try await issue(Fixture.redirectURI, challenge, "S256", "read \"all\"") }
            await expectOAuth2Error(.invalidClient) {
                _ = try await fixture.server.issueAuthorizationCode(
                    clientID: "nope", userID: fixture.alice.id, redirectURI: Fixture.redirectURI,
                    codeChallenge: challenge, codeChallengeMethod: "S256", scope: nil
                )
            }
            try await issue(Fixture.redirectURI, challenge, "S256", nil)
        }
    }
}
