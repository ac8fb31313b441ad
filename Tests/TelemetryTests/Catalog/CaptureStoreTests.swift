import Accounts
import Foundation
import Storage
import Telemetry
import Testing

@Suite struct CaptureStoreTests {
    /// 2020-01-01T00:00:00Z in nanoseconds.
    private let newYear2020: Int64 = 1_577_836_800_000_000_000

    @Test func aCaptureRoundTripsChangesOnlyWhatIsGivenAndIsDeleted() async throws {
        try await CatalogFixture.with { fixture in
            let captures = CaptureStore(database: fixture.database)
            let alice = CatalogScope(fixture.alice)
            let edge = try await fixture.edges.create(name: "car", ownerUserID: fixture.alice.userID).edge
            let created = try await captures.create(
                edgeUUID: edge.uuid.uppercased(), name: "overtaking", description: "on the A1", start: newYear2020 + 123_456_789,
                duration: 4_500_000, isShared: true, scope: alice
            )
            #expect(created.edgeUUID == edge.uuid && created.uuid == created.uuid.lowercased())
            #expect(try await captures.capture(uuid: created.uuid.uppercased(), scope: alice) == created)

            let updated = try #require(try await captures.update(uuid: created.uuid, CaptureUpdate(name: "braking", duration: 7), scope: alice))
            #expect(updated.name == "braking" && updated.duration == 7)
            #expect(updated.description == "on the A1" && updated.start == newYear2020 + 123_456_789 && updated.isShared)
            #expect(updated.updatedAt >= created.updatedAt)

            await #expect(throws: CatalogError.invalid("duration must not be negative, not -1")) {
                try await captures.update(uuid: created.uuid, CaptureUpdate(duration: -1), scope: alice)
            }
            #expect(try await captures.delete(uuid: created.uuid, scope: alice) == updated)
            #expect(try await captures.capture(uuid: created.uuid, scope: .everything) == nil)
            #expect(try await captures.delete(uuid: created.uuid, scope: alice) == nil)
        }
    }

    @Test func aPersonSeesAndChangesOnlyTheCapturesOfTheirEdges() async throws {
        try await CatalogFixture.with { fixture in
            let captures = CaptureStore(database: fixture.database)
            let alice = CatalogScope(fixture.alice)
            let bob = CatalogScope(fixture.bob)
            let alicesEdge = try await fixture.edges.create(name: "alice-car", ownerUserID: fixture.alice.userID).edge
            let bobsEdge = try await fixture.edges.create(name: "bob-car", ownerUserID: fixture.bob.userID).edge
            let alices = try await captures.create(edgeUUID: alicesEdge.uuid, name: "a", start: newYear2020, duration: 1, scope: alice)
            let bobs = try await captures.create(edgeUUID: bobsEdge.uuid, name: "b", start: newYear2020, duration: 1, scope: bob)

            await #expect(throws: CatalogError.edgeNotFound(alicesEdge.uuid)) {
                try await captures.create(edgeUUID: alicesEdge.uuid, start: newYear2020, duration: 1, scope: bob)
            }
            await #expect(throws: CatalogError.edgeNotFound("no-such-edge")) {
                try await captures.create(edgeUUID: "no-such-edge", start: newYear2020, duration: 1, scope: .everything)
            }
            #expect(try await captures.list(CaptureQuery(), scope: alice).items == [alices])
            #expect(try await captures.capture(uuid: bobs.uuid, scope: alice) == nil)
            #expect(try await captures.update(uuid: bobs.uuid, CaptureUpdate(name: "stolen"), scope: alice) == nil)
            #expect(try await captures.delete(uuid: bobs.uuid, scope: alice) == nil)
            #expect(try await captures.capture(uuid: bobs.uuid, scope: bob)?.name == "b")

            let edgeScope = CatalogScope(try await fixture.principal(of: alicesEdge))
            #expect(try await captures.list(CaptureQuery(), scope: edgeScope).items == [alices])
            #expect(try await captures.list(CaptureQuery(), scope: .everything).totalCount == 2)
        }
    }

    @Test func theListFiltersByStartAndNameSortsAndPages() async throws {
        try await CatalogFixture.with { fixture in
            let captures = CaptureStore(database: fixture.database)
            let edge = try await fixture.edges.create(name: "bus").edge
            let second: Int64 = 1_000_000_000
            for (index, name) in ["Morning run", "noon", "evening RUN", "night_run"].enumerated() {
                try await captures.create(
                    edgeUUID: edge.uuid, name: name, start: newYear2020 + Int64(index) * second, duration: Int64(10 - index), scope: .everything)
            }
            func names(_ configure: (inout CaptureQuery) -> Void) async throws -> [String] {
                var query = CaptureQuery()
                configure(&query)
                return try await captures.list(query, scope: .everything).items.map(\.name)
            }
            let microsecond2020 = newYear2020 / 1000
            #expect(try await names { _ in } == ["night_run", "evening RUN", "noon", "Morning run"])
            #expect(
                try await names {
                    $0.start = microsecond2020 + 1_000_000
                    $0.end = microsecond2020 + 2_000_000
                } == ["evening RUN", "noon"])
            #expect(
                try await names {
                    $0.name = .containing("run")
                    $0.order = .ascending
                } == ["Morning run", "evening RUN", "night_run"])
            #expect(try await names { $0.name = .containing("_") } == ["night_run"])
            #expect(try await names { $0.name = .exactly("noon") } == ["noon"])
            #expect(
                try await names {
                    $0.sort = .duration
                    $0.order = .ascending
                } == ["night_run", "evening RUN", "noon", "Morning run"])
            #expect(
                try await names {
                    $0.sort = .name
                    $0.order = .ascending
                    $0.page = PageRequest(page: 2, limit: 3)
                } == ["noon"])

            var query = CaptureQuery()
            query.page = PageRequest(page: 2, limit: 3)
            let page = try await captures.list(query, scope: .everything)
            #expect(page.totalCount == 4 && page.items.map(\.name) == ["Morning run"])
        }
    }
}
