import Accounts
import Foundation
import HTTPTypes
import Testing

@testable import Telemetry

@Suite struct IntdashAuthenticatorsTests {
    typealias App = IntdashOAuth2TestApp

    /// A JWT access token of the edge, from the client credentials grant.
    func edgeJWT(_ app: App) async throws -> String {
        try await app.server.clientCredentials(clientID: app.edge.id, clientSecret: app.edgeSecret, scope: nil).accessToken
    }

    @Test func everyPlaceTakesEveryKindOfToken() async throws {
        try await App.with { app in
            let jwt = try await edgeJWT(app)
            let apiKey = try await app.accounts.createAPIKey(userName: "alice", label: "intdash").secret
            let aliceToken = try await app.accounts.issueAccessToken(
                for: try #require(try await app.accounts.authenticate(userName: "alice", password: App.alicePassword)), lifetime: .seconds(600)
            ).token
            let cases: [(HTTPFields, String)] = [
                ([.authorization: "Bearer \(jwt)"], app.edge.id),
                ([.authorization: "bearer \(aliceToken)"], "alice"),
                ([HTTPField.Name("X-Intdash-Token")!: apiKey], "alice"),
                ([HTTPField.Name("X-Edge-Token")!: apiKey], "alice"),
                ([HTTPField.Name("X-Edge-Token")!: jwt], app.edge.id),
                ([.cookie: "theme=dark; _bearer_token=\(jwt)"], app.edge.id),
            ]
            for (headers, expected) in cases {
                let answer = try await app.whoAmI(headers)
                #expect(answer.status == .ok, "\(headers)")
                #expect(answer.body == expected, "\(headers)")
            }
        }
    }

    @Test func badTokensAreRefusedInTheIntdashErrorFormat() async throws {
        try await App.with { app in
            let jwt = try await edgeJWT(app)
            let forged = jwt.dropLast(4) + "AAAA"
            for headers: HTTPFields in [
                [.authorization: "Bearer \(forged)"],
                [HTTPField.Name("X-Intdash-Token")!: "chk_revoked-or-never-issued"],
                [HTTPField.Name("X-Edge-Token")!: "nonsense"],
                [.cookie: "_bearer_token=\(forged)"],
            ] {
                let answer = try await app.whoAmI(headers)
                #expect(answer.status == .unauthorized, "\(headers)")
                #expect(answer.json["error"] as? String == "unauthorized")
                #expect(answer.json["error_description"] as? String == "unknown, expired or revoked token")
            }
            // An explicit bad header is not rescued by a good cookie.
            let mixed = try await app.whoAmI([.authorization: "Bearer \(forged)", .cookie: "_bearer_token=\(jwt)"])
            #expect(mixed.status == .unauthorized)

            let anonymous = try await app.whoAmI([:])
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[.wwwAuthenticate] == "Bearer")
        }
    }

    @Test func aTokenOfADeletedClientOrAnotherIssuerIsNoPrincipal() async throws {
        try await App.with { app in
            let jwt = try await edgeJWT(app)
            #expect(try await IntdashAuthenticators.principal(forToken: jwt, server: app.server)?.userName == app.edge.id)
            let otherIssuer = OAuth2AuthorizationServer(accounts: app.accounts, signingKey: app.server.signingKey, issuer: "https://elsewhere.test")
            #expect(try await IntdashAuthenticators.principal(forToken: jwt, server: otherIssuer) == nil)
            try await app.server.clients.delete(id: app.edge.id)
            #expect(try await IntdashAuthenticators.principal(forToken: jwt, server: app.server) == nil)
        }
    }
}
