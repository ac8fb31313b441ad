import Accounts
import Foundation
import Testing

@Suite struct OAuth2RefreshTokenTests {
    typealias Fixture = OAuth2Fixture

    /// Refreshes `token` as the app, `seconds` after the start.
    static func refresh(_ fixture: Fixture, _ token: String, scope: String? = nil, after seconds: TimeInterval) async throws -> OAuth2TokenResponse {
        try await fixture.server.refresh(
            refreshToken: token, scope: scope, clientID: fixture.app.id, clientSecret: nil, now: Fixture.start.addingTimeInterval(seconds)
        )
    }

    @Test func aRefreshTokenIsRotated() async throws {
        try await Fixture.with { fixture in
            let first = try #require(try await fixture.tokens().refreshToken)
            let refreshed = try await Self.refresh(fixture, first, after: 600)
            let second = try #require(refreshed.refreshToken)
            #expect(second != first)
            #expect(refreshed.scope == "read write")
            #expect(refreshed.refreshTokenExpiresIn == 30 * 24 * 3600)
            let claims = try #require(fixture.server.verifiedClaims(ofAccessToken: refreshed.accessToken, now: Fixture.start.addingTimeInterval(600)))
            #expect(claims.sub == fixture.alice.id)
            #expect(claims.iat == Int(Fixture.start.timeIntervalSince1970) + 600)
            // The rotated token goes on working.
            _ = try await Self.refresh(fixture, second, after: 1200)
        }
    }

    @Test func reusingARotatedTokenRevokesTheWholeFamily() async throws {
        try await Fixture.with { fixture in
            let first = try #require(try await fixture.tokens().refreshToken)
            let second = try #require(try await Self.refresh(fixture, first, after: 600).refreshToken)
            // An unrelated grant of the same user and client, which must survive.
            let unrelated = try #require(try await fixture.tokens(now: Fixture.start.addingTimeInterval(700)).refreshToken)
            await expectOAuth2Error(.invalidGrant) { _ = try await Self.refresh(fixture, first, after: 800) }
            await expectOAuth2Error(.invalidGrant) { _ = try await Self.refresh(fixture, second, after: 900) }
            _ = try await Self.refresh(fixture, unrelated, after: 1000)
        }
    }

    @Test func aDisabledUserGetsNoTokensAndTheirAccessTokensAreRefused() async throws {
        try await Fixture.with { fixture in
            let tokens = try await fixture.tokens()
            let refreshToken = try #require(tokens.refreshToken)
            try await fixture.accounts.setDisabled(true, userName: "alice")
            #expect(try await fixture.server.principal(forAccessToken: tokens.accessToken, now: Fixture.start) == nil)
            await expectOAuth2Error(.invalidGrant) { _ = try await Self.refresh(fixture, refreshToken, after: 600) }
            try await fixture.accounts.setDisabled(true, userName: "edge-truck-7")
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.clientCredentials(
                    clientID: fixture.edge.id, clientSecret: fixture.edgeSecret, scope: nil, now: Fixture.start)
            }
            try await fixture.accounts.setDisabled(false, userName: "alice")
            #expect(try await fixture.server.principal(forAccessToken: tokens.accessToken, now: Fixture.start)?.userID == fixture.alice.id)
        }
    }

    @Test func anExpiredRefreshTokenIsRefused() async throws {
        try await Fixture.with { fixture in
            let token = try #require(try await fixture.tokens().refreshToken)
            await expectOAuth2Error(.invalidGrant) { _ = try await Self.refresh(fixture, token, after: 30 * 24 * 3600 + 1) }
        }
    }

    @Test func theScopeCanNarrowButNotWiden() async throws {
        try await Fixture.with { fixture in
            let token = try #require(try await fixture.tokens().refreshToken)
            await expectOAuth2Error(.invalidScope) { _ = try await Self.refresh(fixture, token, scope: "read admin", after: 60) }
            let narrowed = try await Self.refresh(fixture, token, scope: "read", after: 60)
            #expect(narrowed.scope == "read")
            #expect(fixture.server.verifiedClaims(ofAccessToken: narrowed.accessToken, now: Fixture.start.addingTimeInterval(60))?.scope == "read")
            // The new refresh token keeps the whole granted scope.
            let again = try await Self.refresh(fixture, try #require(narrowed.refreshToken), after: 120)
            #expect(again.scope == "read write")
        }
    }

    @Test func anotherClientCannotUseTheRefreshToken() async throws {
        try await Fixture.with { fixture in
            let token = try #require(try await fixture.tokens().refreshToken)
            await expectOAuth2Error(.invalidGrant) {
                _ = try await fixture.server.refresh(
                    refreshToken: token, scope: nil, clientID: fixture.edge.id, clientSecret: fixture.edgeSecret, now: Fixture.start
                )
            }
            await expectOAuth2Error(.invalidGrant) { _ = try await Self.refresh(fixture, "chr_unknown", after: 1) }
            // The attempt by the other client did not spend the token.
            _ = try await Self.refresh(fixture, token, after: 2)
        }
    }

    @Test func revokingARefreshTokenEndsItsGrantAndUnknownTokensAreNoError() async throws {
        try await Fixture.with { fixture in
            let first = try #require(try await fixture.tokens().refreshToken)
            let second = try #require(try await Self.refresh(fixture, first, after: 60).refreshToken)
            await expectOAuth2Error(.unauthorizedClient) {
                try await fixture.server.revoke(token: second, clientID: fixture.edge.id, clientSecret: fixture.edgeSecret)
            }
            await expectOAuth2Error(.invalidClient) {
                try await fixture.server.revoke(token: second, clientID: fixture.edge.id, clientSecret: "wrong")
            }
            try await fixture.server.revoke(token: "not a token we know", clientID: fixture.app.id, clientSecret: nil)
            try await fixture.server.revoke(token: first, clientID: fixture.app.id, clientSecret: nil, now: Fixture.start.addingTimeInterval(90))
            await expectOAuth2Error(.invalidGrant) { _ = try await Self.refresh(fixture, second, after: 120) }
        }
    }
}
