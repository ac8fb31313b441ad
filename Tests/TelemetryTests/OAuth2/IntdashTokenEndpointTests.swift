import Accounts
import Crypto
import Foundation
import HTTPTypes
import Testing

@testable import Telemetry

@Suite struct IntdashTokenEndpointTests {
    typealias App = IntdashOAuth2TestApp

    @Test func anEdgeGetsATokenForItsOwnUserWithItsSecretInTheForm() async throws {
        try await App.with { app in
            let answer = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "client_credentials"), ("client_id", app.edge.id), ("client_secret", app.edgeSecret),
                ])
            #expect(answer.status == .ok)
            #expect(answer.json["refresh_token"] == nil, "client credentials get no refresh token")
            let token = try #require(answer.json["access_token"] as? String)
            #expect(try await app.whoAmI([.authorization: "Bearer \(token)"]).body == app.edge.id)
        }
    }

    @Test func anEdgeGetsATokenWithHTTPBasic() async throws {
        try await App.with { app in
            let basic = Data("\(app.edge.id):\(app.edgeSecret)".utf8).base64EncodedString()
            let answer = try await app.send(
                .post, "/intdash/api/v1/oauth2/token", headers: [.authorization: "Basic \(basic)"],
                form: [
                    ("grant_type", "client_credentials")
                ])
            #expect(answer.status == .ok)
            let token = try #require(answer.json["access_token"] as? String)
            #expect(try await app.whoAmI([.authorization: "Bearer \(token)"]).body == app.edge.id)
        }
    }

    @Test func aWrongSecretIsInvalidClientWithAChallengeAfterBasic() async throws {
        try await App.with { app in
            let posted = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "client_credentials"), ("client_id", app.edge.id), ("client_secret", "chs_wrong"),
                ])
            #expect(posted.status == .badRequest)
            #expect(posted.json["error"] as? String == "invalid_client")
            #expect(posted.headers[.wwwAuthenticate] == nil)

            let basic = Data("\(app.edge.id):chs_wrong".utf8).base64EncodedString()
            let viaBasic = try await app.send(
                .post, App.base + "/token", headers: [.authorization: "Basic \(basic)"],
                form: [
                    ("grant_type", "client_credentials")
                ])
            #expect(viaBasic.status == .unauthorized)
            #expect(viaBasic.json["error"] as? String == "invalid_client")
            #expect(viaBasic.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)

            // Authenticating twice is refused.
            let twice = try await app.send(
                .post, App.base + "/token", headers: [.authorization: "Basic \(basic)"],
                form: [
                    ("grant_type", "client_credentials"), ("client_secret", app.edgeSecret),
                ])
            #expect(twice.json["error"] as? String == "invalid_request")
        }
    }

    @Test func thePasswordGrantGivesAnAccessTokenWithoutRefresh() async throws {
        try await App.with { app in
            let answer = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "password"), ("username", "alice"), ("password", App.alicePassword), ("client_id", app.app.id),
                ])
            #expect(answer.status == .ok)
            #expect(answer.json["refresh_token"] == nil)
            let token = try #require(answer.json["access_token"] as? String)
            #expect(try await app.whoAmI([.authorization: "Bearer \(token)"]).body == "alice")

            let wrong = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "password"), ("username", "alice"), ("password", "nope"), ("client_id", app.app.id),
                ])
            #expect(wrong.json["error"] as? String == "invalid_grant")
        }
    }

    @Test func intdashPyPasswordSignInGivesABearerToken() async throws {
        try await App.with { app in
            func authn(_ password: String) async throws -> App.Answer {
                try await app.send(.post, "/intdash/api/v1/authn", json: ["username": "alice", "password": password])
            }
            let signedIn = try await authn(App.alicePassword)
            #expect(signedIn.status == .ok)
            let token = try #require(signedIn.json["token"] as? String)
            #expect(try await app.whoAmI([.authorization: "Bearer \(token)"]).body == "alice")

            let refused = try await authn("wrong")
            #expect(refused.status == .unauthorized)
            #expect(refused.json["error_description"] as? String == "wrong user name or password")
        }
    }

    @Test func malformedRequestsGetRFC6749Errors() async throws {
        try await App.with { app in
            let unsupported = try await app.send(.post, App.base + "/token", form: [("grant_type", "implicit"), ("client_id", app.app.id)])
            #expect(unsupported.status == .badRequest)
            #expect(unsupported.json["error"] as? String == "unsupported_grant_type")

            let noGrant = try await app.send(.post, App.base + "/token", form: [("client_id", app.app.id)])
            #expect(noGrant.json["error"] as? String == "invalid_request")

            let noClient = try await app.send(.post, App.base + "/token", form: [("grant_type", "refresh_token"), ("refresh_token", "x")])
            #expect(noClient.json["error"] as? String == "invalid_request")

            let json = try await app.send(.post, App.base + "/token", headers: [.contentType: "application/json"])
            #expect(json.status == .badRequest)
            #expect(json.json["error"] as? String == "invalid_request")

            let unknownCode = try await app.exchange(code: "chc_unknown", verifier: App.newVerifier())
            #expect(unknownCode.json["error"] as? String == "invalid_grant")
        }
    }

    @Test func aRevokedRefreshTokenCannotBeUsed() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let (code, _) = try await app.signInAndAllow(verifier: verifier)
            let tokens = try await app.exchange(code: code, verifier: verifier)
            let refreshToken = try #require(tokens.json["refresh_token"] as? String)

            let revoked = try await app.send(
                .post, App.base + "/revocation",
                form: [
                    ("token", refreshToken), ("token_type_hint", "refresh_token"), ("client_id", app.app.id),
                ])
            #expect(revoked.status == .ok)
            #expect(revoked.body.isEmpty)
            let refreshed = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", app.app.id),
                ])
            #expect(refreshed.json["error"] as? String == "invalid_grant")

            // An unknown token is no error (RFC 7009 §2.2); a missing one is.
            let unknown = try await app.send(.post, "/intdash/api/v1/oauth2/revocation", form: [("token", "chr_unknown"), ("client_id", app.app.id)])
            #expect(unknown.status == .ok)
            let missing = try await app.send(.post, App.base + "/revocation", form: [("client_id", app.app.id)])
            #expect(missing.json["error"] as? String == "invalid_request")
            let badClient = try await app.send(.post, App.base + "/revocation", form: [("token", refreshToken), ("client_id", "nobody")])
            #expect(badClient.json["error"] as? String == "invalid_client")
        }
    }

    @Test func theJWKSVerifiesTheAccessTokens() async throws {
        try await App.with { app in
            let answer = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "client_credentials"), ("client_id", app.edge.id), ("client_secret", app.edgeSecret),
                ])
            let token = try #require(answer.json["access_token"] as? String)
            let jwks = try await app.send(.get, "/intdash/api/v1/oauth2/jwks")
            #expect(jwks.status == .ok)
            let keySet = try JSONDecoder().decode(JSONWebKeySet.self, from: Data(jwks.body.utf8))
            let parts = token.split(separator: ".").map(String.init)
            #expect(parts.count == 3)
            let headerBytes = try #require(Base64URL.decode(parts[0]))
            let header = try #require(try JSONSerialization.jsonObject(with: headerBytes) as? [String: Any])
            let key = try #require(keySet.keys.first { $0.kid == header["kid"] as? String })
            #expect(key.alg == "ES256" && key.crv == "P-256")
            // Verified with the published coordinates alone, as any resource server would.
            let x = try #require(Base64URL.decode(key.x))
            let y = try #require(Base64URL.decode(key.y))
            let signatureBytes = try #require(Base64URL.decode(parts[2]))
            let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
            #expect(publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
            let claimBytes = try #require(Base64URL.decode(parts[1]))
            let claims = try JSONDecoder().decode(OAuth2AccessTokenClaims.self, from: claimBytes)
            #expect(claims.iss == App.issuer)
            #expect(claims.sub == app.edgeUser.id)
        }
    }
}
