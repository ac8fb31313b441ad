import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct AuthenticationTests {
    @Test func basicAuthenticationIdentifiesTheUser() async throws {
        try await TestServer.with { client, _ in
            try await client.execute(uri: "/api/v1/me", method: .get, headers: TestServer.basic("Administrator", TestServer.administratorPassword)) {
                response in
                #expect(response.status == .ok)
                let me = TestServer.json(response)
                #expect(me["name"] as? String == "Administrator")
                #expect(me["groups"] as? [String] == [Group.administrators, Group.members])
                #expect(me["credential"] as? String == "password")
            }
        }
    }

    @Test func wrongOrMissingCredentialsGet401WithAChallenge() async throws {
        try await TestServer.with { client, _ in
            try await client.execute(uri: "/api/v1/me", method: .get, headers: TestServer.basic("Administrator", "not the password")) { response in
                #expect(response.status == .unauthorized)
                #expect(TestServer.error(response)["message"] as? String == "wrong user name or password")
            }
            try await client.execute(uri: "/api/v1/me", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[values: .wwwAuthenticate].contains { $0.hasPrefix("Basic realm=") })
                #expect(response.headers[values: .wwwAuthenticate].contains("Bearer"))
                #expect(TestServer.error(response)["code"] as? String == "unauthorized")
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Basic !!!"]) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test func apiKeysWorkInBothPlacesUntilRevoked() async throws {
        try await TestServer.with { client, accounts in
            let key = try await accounts.createAPIKey(userName: "alice", label: "test")
            let xAPIKey: HTTPFields = [HTTPField.Name("X-Api-Key")!: key.secret]
            let appToken: HTTPFields = [.authorization: "app-token \(key.secret)"]
            for headers in [xAPIKey, appToken] {
                try await client.execute(uri: "/api/v1/me", method: .get, headers: headers) { response in
                    #expect(response.status == .ok)
                    let me = TestServer.json(response)
                    #expect(me["name"] as? String == "alice")
                    #expect(me["credential"] as? String == "api_key")
                }
            }
            try await accounts.revokeAPIKey(id: key.key.id)
            for headers in [xAPIKey, appToken] {
                try await client.execute(uri: "/api/v1/me", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized)
                    #expect(TestServer.error(response)["message"] as? String == "unknown or revoked API key")
                }
            }
        }
    }

    @Test func bearerTokensAreIssuedAndAccepted() async throws {
        try await TestServer.with { client, _ in
            let token = try await client.execute(
                uri: "/api/v1/tokens", method: .post,
                headers: TestServer.basic("alice", TestServer.memberPassword).merging([.contentType: "application/json"]),
                body: ByteBuffer(string: #"{"expires_in": 120}"#)
            ) { response in
                #expect(response.status == .created)
                #expect(response.headers[.cacheControl] == "no-store")
                let body = TestServer.json(response)
                #expect(body["token_type"] as? String == "Bearer")
                #expect(body["expires_in"] as? Int == 120)
                return try #require(body["access_token"] as? String)
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
                #expect(response.status == .ok)
                #expect(TestServer.json(response)["credential"] as? String == "access_token")
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer cht_forged"]) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test func aTokenLifetimeOutsideTheLimitsIsABadRequest() async throws {
        try await TestServer.with { client, _ in
            try await client.execute(
                uri: "/api/v1/tokens", method: .post, headers: TestServer.basic("alice", TestServer.memberPassword),
                body: ByteBuffer(string: #"{"expires_in": 999999999}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect((TestServer.error(response)["message"] as? String)?.contains("expires_in") == true)
            }
        }
    }

    @Test func membersGet403WhereOnlyAdministratorsMayGo() async throws {
        try await TestServer.with { client, _ in
            try await client.execute(uri: "/metrics", method: .get, headers: TestServer.basic("alice", TestServer.memberPassword)) { response in
                #expect(response.status == .forbidden)
                #expect(TestServer.error(response)["message"] as? String == "alice is not a member of administrators")
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }
}

extension HTTPFields {
    /// These fields with `other`'s appended.
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        merged.append(contentsOf: other)
        return merged
    }
}
