import Accounts
import ChanceryTestSupport
import Foundation
import Storage
import Telemetry
import Testing

@Suite struct EdgeStoreTests {
    @Test func creatingAnEdgeMakesItsUserAndAClientWhoseCredentialsActForIt() async throws {
        try await CatalogFixture.with { fixture in
            let created = try await fixture.edges.create(
                name: "truck-7", nickname: "Truck 7", description: "the blue one", ownerUserID: fixture.alice.userID)
            let edge = created.edge
            #expect(UUID(uuidString: edge.uuid)?.uuidString.lowercased() == edge.uuid)
            #expect(edge.type == .device && !edge.disabled && edge.ownerUserID == fixture.alice.userID)

            let user = try #require(try await fixture.accounts.user(named: edge.uuid))
            #expect(user.id == edge.userID && user.groups == [EdgeStore.edgesGroup])

            let client = try #require(try await fixture.edges.clients.authenticate(clientID: edge.uuid, secret: created.clientSecret))
            #expect(client.ownerUserID == user.id && client.kind == .confidential)
            #expect(try await fixture.edges.clients.authenticate(clientID: edge.uuid, secret: created.clientSecret + "x") == nil)

            let signingKey = try await TemporaryDirectory.with { try Self.signingKey(in: $0) }
            let server = OAuth2AuthorizationServer(accounts: fixture.accounts, signingKey: signingKey, issuer: "http://chancery.test")
            let token = try await server.clientCredentials(clientID: edge.uuid, clientSecret: created.clientSecret, scope: nil)
            let principal = try #require(try await server.principal(forAccessToken: token.accessToken))
            #expect(principal.userName == edge.uuid)
            #expect(CatalogScope(principal) == .edge(uuid: edge.uuid))
            #expect(try await fixture.edges.edge(forUserName: principal.userName) == edge)
        }
    }

    /// A key to sign OAuth2 access tokens with, made in `directory` (a synchronous helper: the
    /// call throws a typed error).
    private static func signingKey(in directory: String) throws -> JSONWebTokenKey {
        try JSONWebTokenKey.loadOrCreate(in: directory)
    }

    @Test func eachPrincipalSeesWhatTheRuleAllows() async throws {
        try await CatalogFixture.with { fixture in
            let alices = try await fixture.edges.create(name: "alice-1", ownerUserID: fixture.alice.userID).edge
            let bobs = try await fixture.edges.create(name: "bob-1", ownerUserID: fixture.bob.userID).edge
            let ownerless = try await fixture.edges.create(name: "spare").edge

            func names(_ principal: Principal) async throws -> [String] {
                try await fixture.edges.list(EdgeQuery(), scope: CatalogScope(principal)).items.map(\.name)
            }
            #expect(try await names(fixture.admin) == ["alice-1", "bob-1", "spare"])
            #expect(try await names(fixture.alice) == ["alice-1"])
            #expect(try await names(try await fixture.principal(of: bobs)) == ["bob-1"])
            #expect(try await names(try await fixture.principal(of: ownerless)) == ["spare"])

            await #expect(throws: CatalogError.edgeNotFound(bobs.uuid)) {
                try await fixture.edges.edge(uuid: bobs.uuid, scope: CatalogScope(fixture.alice))
            }
            await #expect(throws: CatalogError.edgeNotFound(alices.uuid)) {
                try await fixture.edges.update(uuid: alices.uuid, EdgeUpdate(nickname: "mine"), scope: CatalogScope(fixture.bob))
            }
            await #expect(throws: CatalogError.edgeNotFound(alices.uuid)) {
                try await fixture.edges.delete(uuid: alices.uuid, scope: CatalogScope(fixture.bob))
            }
            #expect(try await fixture.edges.edge(uuid: alices.uuid.uppercased(), scope: .everything) == alices)
        }
    }

    @Test func listsFilterSortAndPage() async throws {
        try await CatalogFixture.with { fixture in
            for name in ["delta", "alpha", "charlie", "bravo", "echo"] {
                _ = try await fixture.edges.create(name: name, nickname: name.uppercased(), ownerUserID: fixture.alice.userID)
            }
            let echo = try #require(try await fixture.edges.list(EdgeQuery(), scope: .everything).items.first { $0.name == "echo" })
            try await fixture.edges.update(uuid: echo.uuid, EdgeUpdate(disabled: true), scope: .everything)

            var query = EdgeQuery()
            query.page = PageRequest(page: 2, limit: 2)
            let second = try await fixture.edges.list(query, scope: .everything)
            #expect(second.items.map(\.name) == ["charlie", "delta"] && second.totalCount == 5)

            query = EdgeQuery()
            query.order = .descending
            query.disabled = false
            #expect(try await fixture.edges.list(query, scope: .everything).items.map(\.name) == ["delta", "charlie", "bravo", "alpha"])

            query = EdgeQuery()
            query.nickname = "LT"
            #expect(try await fixture.edges.list(query, scope: .everything).items.map(\.name) == ["delta"])

            query = EdgeQuery()
            query.name = "%"
            #expect(try await fixture.edges.list(query, scope: .everything).totalCount == 0)

            query = EdgeQuery()
            query.hasOwner = false
            #expect(try await fixture.edges.list(query, scope: .everything).totalCount == 0)
        }
    }

    @Test func namesAreUniqueAndUpdatesApplyOnlyWhatIsGiven() async throws {
        try await CatalogFixture.with { fixture in
            let first = try await fixture.edges.create(name: "one", description: "first").edge
            _ = try await fixture.edges.create(name: "two")
            await #expect(throws: CatalogError.edgeNameTaken("one")) { try await fixture.edges.create(name: "one") }
            await #expect(throws: CatalogError.edgeNameTaken("two")) {
                try await fixture.edges.update(uuid: first.uuid, EdgeUpdate(name: "two"), scope: .everything)
            }
            await #expect(throws: CatalogError.invalid("an edge needs a name")) { try await fixture.edges.create(name: " ") }

            let later = first.createdAt.addingTimeInterval(60)
            let renamed = try await fixture.edges.update(uuid: first.uuid, EdgeUpdate(name: "uno", disabled: true), scope: .everything, now: later)
            #expect(renamed.name == "uno" && renamed.description == "first" && renamed.nickname == "one" && renamed.disabled)
            #expect(abs(renamed.updatedAt.timeIntervalSince(later)) < 0.001)
            // A refused create makes no account user.
            let users = try await fixture.accounts.users().map(\.name).filter { UUID(uuidString: $0) != nil }
            #expect(users.count == 2)
        }
    }

    @Test func deletingADeviceEdgeRemovesItsUserAndClientButKeepsItsMeasurements() async throws {
        try await CatalogFixture.with { fixture in
            let created = try await fixture.edges.create(name: "gone", ownerUserID: fixture.alice.userID)
            let measurement = try await fixture.measurements.create(edgeUUID: created.edge.uuid, basetime: 1_000)
            try await fixture.edges.delete(uuid: created.edge.uuid, scope: CatalogScope(fixture.alice))

            #expect(try await fixture.accounts.user(named: created.edge.uuid) == nil)
            #expect(try await fixture.edges.clients.client(id: created.edge.uuid) == nil)
            await #expect(throws: CatalogError.edgeNotFound(created.edge.uuid)) {
                try await fixture.edges.edge(uuid: created.edge.uuid, scope: .everything)
            }
            #expect(try await fixture.measurements.measurement(uuid: measurement.uuid).edgeUUID == created.edge.uuid)
        }
    }

    @Test func aPersonsOwnEdgeIsMadeOnceAndAnEdgesOwnEdgeIsItself() async throws {
        try await CatalogFixture.with { fixture in
            let mine = try await fixture.edges.ownEdge(of: fixture.alice)
            #expect(mine.uuid == fixture.alice.userID && mine.type == .user && mine.name == "alice" && mine.ownerUserID == fixture.alice.userID)
            #expect(try await fixture.edges.ownEdge(of: fixture.alice) == mine)
            #expect(try await fixture.edges.edge(forUserName: "alice") == nil)

            let device = try await fixture.edges.create(name: "bob").edge
            let bobsOwn = try await fixture.edges.ownEdge(of: fixture.bob)
            #expect(bobsOwn.name.hasPrefix("bob-") && bobsOwn.uuid == fixture.bob.userID)
            #expect(try await fixture.edges.ownEdge(of: try await fixture.principal(of: device)) == device)

            // Deleting a person's edge never deletes the person.
            try await fixture.edges.delete(uuid: mine.uuid, scope: CatalogScope(fixture.alice))
            #expect(try await fixture.accounts.user(named: "alice") != nil)
        }
    }

    @Test func aLoginIsRecorded() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "logger").edge
            #expect(edge.lastLoginAt == nil)
            let time = Date(timeIntervalSince1970: 1_800_000_000.25)
            try await fixture.edges.recordLogin(uuid: edge.uuid, at: time)
            let loaded = try await fixture.edges.edge(uuid: edge.uuid, scope: .everything)
            #expect(abs((loaded.lastLoginAt?.timeIntervalSince1970 ?? 0) - time.timeIntervalSince1970) < 0.001)
        }
    }
}
