import Accounts
import Foundation
import SQLKit
import Storage
import Testing

@Suite struct OAuth2ClientStoreTests {
    @Test func aConfidentialClientAuthenticatesWithItsSecretOnly() async throws {
        try await OAuth2Fixture.with { fixture in
            let clients = fixture.server.clients
            #expect(fixture.edgeSecret.hasPrefix("chs_"))
            let right = try await clients.authenticate(clientID: fixture.edge.id, secret: fixture.edgeSecret)
            let wrong = try await clients.authenticate(clientID: fixture.edge.id, secret: fixture.edgeSecret + "x")
            let unknown = try await clients.authenticate(clientID: UUID().uuidString.lowercased(), secret: fixture.edgeSecret)
            let publicClient = try await clients.authenticate(clientID: fixture.app.id, secret: "")
            #expect(right == fixture.edge)
            #expect(wrong == nil)
            #expect(unknown == nil)
            #expect(publicClient == nil)
        }
    }

    @Test func theSecretIsStoredOnlyAsItsHash() async throws {
        try await OAuth2Fixture.with { fixture in
            let stored = try await fixture.accounts.database.withConnection { sql in
                try await sql.select().column("secret_hash").from("oauth2_clients").where("client_id", .equal, fixture.edge.id)
                    .first(decodingColumn: "secret_hash", as: String?.self)
            }
            #expect(stored == Secret.hash(fixture.edgeSecret))
            #expect(stored != fixture.edgeSecret)
        }
    }

    @Test func aClientIsFoundWithWhatItWasRegisteredWith() async throws {
        try await OAuth2Fixture.with { fixture in
            let edgeUUID = UUID()
            let created = try await fixture.server.clients.create(
                name: "web console", kind: .confidential, redirectURIs: ["https://console.example/cb", "http://127.0.0.1:8123/cb"],
                ownerUserID: fixture.alice.id, id: edgeUUID, now: OAuth2Fixture.start
            )
            #expect(created.client.id == edgeUUID.uuidString.lowercased())
            let found = try #require(try await fixture.server.clients.client(id: created.client.id))
            #expect(found == created.client)
            #expect(found.redirectURIs == ["https://console.example/cb", "http://127.0.0.1:8123/cb"])
            #expect(found.ownerUserID == fixture.alice.id)
            #expect(found.kind == .confidential)
            #expect(fixture.app.kind == .public)
            #expect(try await fixture.server.clients.client(id: "nope") == nil)
            await #expect(throws: OAuth2ClientError.clientExists(created.client.id)) {
                try await fixture.server.clients.create(name: "again", kind: .confidential, id: edgeUUID)
            }
        }
    }

    @Test func registrationRefusesBadRedirectURIsAndUnknownOwners() async throws {
        try await OAuth2Fixture.with { fixture in
            let clients = fixture.server.clients
            await #expect(throws: OAuth2ClientError.invalidRedirectURI("/relative")) {
                try await clients.create(name: "a", kind: .public, redirectURIs: ["/relative"])
            }
            await #expect(throws: OAuth2ClientError.invalidRedirectURI("https://a.example/cb#frag")) {
                try await clients.create(name: "a", kind: .public, redirectURIs: ["https://a.example/cb#frag"])
            }
            await #expect(throws: OAuth2ClientError.publicClientWithoutRedirectURI) {
                try await clients.create(name: "a", kind: .public)
            }
            await #expect(throws: OAuth2ClientError.ownerNotFound("ghost")) {
                try await clients.create(name: "a", kind: .confidential, ownerUserID: "ghost")
            }
            let publicClient = try await clients.create(name: "b", kind: .public, redirectURIs: ["com.example:/cb"])
            #expect(publicClient.secret == nil)
        }
    }

    @Test func deletingAClientRemovesItAndItsGrants() async throws {
        try await OAuth2Fixture.with { fixture in
            let tokens = try await fixture.tokens()
            try await fixture.server.clients.delete(id: fixture.app.id)
            #expect(try await fixture.server.clients.client(id: fixture.app.id) == nil)
            let remaining = try await fixture.accounts.database.withConnection { sql in
                try await sql.select().column("token_hash").from("oauth2_refresh_tokens").all().count
            }
            #expect(remaining == 0)
            #expect(try await fixture.server.principal(forAccessToken: tokens.accessToken, now: OAuth2Fixture.start) == nil)
            await #expect(throws: OAuth2ClientError.clientNotFound(fixture.app.id)) { try await fixture.server.clients.delete(id: fixture.app.id) }
        }
    }
}
