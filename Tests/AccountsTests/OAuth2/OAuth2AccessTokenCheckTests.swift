import Accounts
import Crypto
import Foundation
import SQLKit
import Storage
import Testing

@Suite struct OAuth2AccessTokenCheckTests {
    typealias Fixture = OAuth2Fixture

    @Test func aFreshTokenIsAcceptedAndAnExpiredOneRefused() async throws {
        try await Fixture.with { fixture in
            let token = try await fixture.tokens().accessToken
            let server = fixture.server
            #expect(try await server.principal(forAccessToken: token, now: Fixture.start.addingTimeInterval(3599))?.userID == fixture.alice.id)
            // Within the leeway for clock skew, then past it.
            #expect(try await server.principal(forAccessToken: token, now: Fixture.start.addingTimeInterval(3600 + 20)) != nil)
            #expect(try await server.principal(forAccessToken: token, now: Fixture.start.addingTimeInterval(3600 + 31)) == nil)
            // Not yet valid: issued well after `now`.
            #expect(server.verifiedClaims(ofAccessToken: token, now: Fixture.start.addingTimeInterval(-60)) == nil)
        }
    }

    @Test func aTokenOfAnotherKeyOrIssuerIsRefused() async throws {
        try await Fixture.with { fixture in
            let otherKey = OAuth2AuthorizationServer(
                accounts: fixture.accounts, signingKey: JSONWebTokenKey(privateKey: P256.Signing.PrivateKey()), issuer: Fixture.issuer
            )
            let otherIssuer = OAuth2AuthorizationServer(
                accounts: fixture.accounts, signingKey: fixture.server.signingKey, issuer: "https://elsewhere.test")
            for stranger in [otherKey, otherIssuer] {
                let token = try await stranger.clientCredentials(
                    clientID: fixture.edge.id, clientSecret: fixture.edgeSecret, scope: nil, now: Fixture.start
                ).accessToken
                #expect(try await stranger.principal(forAccessToken: token, now: Fixture.start) != nil)
                #expect(try await fixture.server.principal(forAccessToken: token, now: Fixture.start) == nil)
            }
        }
    }

    @Test func aTamperedTokenOrTheTokenOfADeletedUserIsRefused() async throws {
        try await Fixture.with { fixture in
            let token = try await fixture.tokens().accessToken
            let parts = token.split(separator: ".").map(String.init)
            let forged = Base64URL.encode(
                Data(
                    #"{"client_id":"\#(fixture.app.id)","exp":9999999999,"iat":1900000000,"iss":"\#(Fixture.issuer)","jti":"x","scope":"","sub":"\#(fixture.edgeUser.id)"}"#
                        .utf8
                ))
            #expect(
                try await fixture.server.principal(forAccessToken: [parts[0], forged, parts[2]].joined(separator: "."), now: Fixture.start) == nil)
            #expect(try await fixture.server.principal(forAccessToken: "not.a.jwt", now: Fixture.start) == nil)
            try await fixture.accounts.database.withConnection { sql in
                try await sql.delete(from: "account_group_members").where("user_id", .equal, fixture.alice.id).run()
                try await sql.delete(from: "account_users").where("id", .equal, fixture.alice.id).run()
            }
            #expect(fixture.server.verifiedClaims(ofAccessToken: token, now: Fixture.start) != nil)
            #expect(try await fixture.server.principal(forAccessToken: token, now: Fixture.start) == nil)
        }
    }

    @Test func throughARotationTokensOfEveryAcceptedKeyAreAcceptedAndPublished() async throws {
        try await Fixture.with { fixture in
            let old = fixture.server.signingKey
            let new = JSONWebTokenKey(privateKey: P256.Signing.PrivateKey())
            let issuedBefore = try await fixture.tokens().accessToken
            // Prepared: still signing with the old key, accepting the new one as well.
            let prepared = OAuth2AuthorizationServer(accounts: fixture.accounts, keys: KeyRing(current: old, others: [new]), issuer: Fixture.issuer)
            // Promoted: signing with the new key, accepting the old one as well.
            let promoted = OAuth2AuthorizationServer(accounts: fixture.accounts, keys: KeyRing(current: new, others: [old]), issuer: Fixture.issuer)
            let issuedAfter = try await promoted.clientCredentials(
                clientID: fixture.edge.id, clientSecret: fixture.edgeSecret, scope: nil, now: Fixture.start
            ).accessToken
            for server in [prepared, promoted] {
                #expect(try await server.principal(forAccessToken: issuedBefore, now: Fixture.start) != nil)
                #expect(try await server.principal(forAccessToken: issuedAfter, now: Fixture.start) != nil)
                #expect(Set(server.jsonWebKeySet.keys.map(\.kid)) == [old.id, new.id])
            }
            #expect(promoted.jsonWebKeySet.keys.first?.kid == new.id)
            // An instance not restarted since before the rotation does not know the new key.
            #expect(try await fixture.server.principal(forAccessToken: issuedAfter, now: Fixture.start) == nil)
        }
    }

    @Test func theKeySetPublishesTheSigningKey() async throws {
        try await Fixture.with { fixture in
            let set = fixture.server.jsonWebKeySet
            #expect(set.keys == [fixture.server.signingKey.publicJWK])
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(set)) as? [String: [[String: String]]]
            #expect(json?["keys"]?.first?["kid"] == fixture.server.signingKey.id)
        }
    }
}
