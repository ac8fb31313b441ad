import Accounts
import Foundation
import Testing

@Suite struct OAuth2ClientCredentialsTests {
    typealias Fixture = OAuth2Fixture

    @Test func anEdgeGetsAnAccessTokenForItsServiceUser() async throws {
        try await Fixture.with { fixture in
            let tokens = try await fixture.server.clientCredentials(
                clientID: fixture.edge.id, clientSecret: fixture.edgeSecret, scope: "iscp", now: Fixture.start
            )
            #expect(tokens.refreshToken == nil)
            #expect(tokens.refreshTokenExpiresIn == nil)
            #expect(tokens.scope == "iscp")
            let claims = try #require(fixture.server.verifiedClaims(ofAccessToken: tokens.accessToken, now: Fixture.start))
            #expect(claims.clientID == fixture.edge.id)
            let principal = try #require(try await fixture.server.principal(forAccessToken: tokens.accessToken, now: Fixture.start))
            #expect(principal.userID == fixture.edgeUser.id)
            #expect(principal.userName == "edge-truck-7")
        }
    }

    @Test func aWrongSecretOrAPublicClientIsRefused() async throws {
        try await Fixture.with { fixture in
            await expectOAuth2Error(.invalidClient) {
                _ = try await fixture.server.clientCredentials(clientID: fixture.edge.id, clientSecret: "chs_wrong", scope: nil)
            }
            await expectOAuth2Error(.invalidClient) {
                _ = try await fixture.server.clientCredentials(clientID: fixture.app.id, clientSecret: "", scope: nil)
            }
            await expectOAuth2Error(.invalidClient) {
                _ = try await fixture.server.clientCredentials(clientID: "unknown", clientSecret: fixture.edgeSecret, scope: nil)
            }
        }
    }

    @Test func aClientWithoutOwnerIsNotAuthorized() async throws {
        try await Fixture.with { fixture in
            let orphan = try await fixture.server.clients.create(name: "web backend", kind: .confidential)
            let secret = try #require(orphan.secret)
            await expectOAuth2Error(.unauthorizedClient) {
                _ = try await fixture.server.clientCredentials(clientID: orphan.client.id, clientSecret: secret, scope: nil)
            }
        }
    }
}
