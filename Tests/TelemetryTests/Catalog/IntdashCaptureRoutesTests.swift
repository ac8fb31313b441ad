import Accounts
import Foundation
import HTTPTypes
import Testing

@testable import Telemetry

@Suite struct IntdashCaptureRoutesTests {
    @Test func aPersonCreatesListsChangesAndDeletesACaptureOfTheirEdge() async throws {
        try await CatalogTestApp.with { app in
            let edge = try await app.fixture.edges.create(name: "car", ownerUserID: app.fixture.alice.userID).edge
            let created = try await app.call(
                .post, "/v1/captures", app.alice,
                body: [
                    "edge_uuid": edge.uuid, "name": "overtaking", "description": "on the A1",
                    "start": "2020-01-01T00:00:01.500000000Z", "duration": 4_500_000, "shared": true,
                ])
            #expect(created.status == .created)
            let uuid = try #require(created.object["uuid"] as? String)
            #expect(created.object["start"] as? String == "2020-01-01T00:00:01.500000000Z")
            #expect(created.object["duration"] as? Int == 4_500_000 && created.object["shared"] as? Bool == true)
            #expect(created.object["edge_uuid"] as? String == edge.uuid && created.object["created_at"] is String)

            // 2020-01-01T00:00:01Z … 00:00:02Z in microseconds.
            let listed = try await app.call(.get, "/v1/captures?start=1577836801000000&end=1577836802000000&limit=1", app.alice)
            #expect(listed.status == .ok && listed.items.map { $0["uuid"] as? String } == [uuid])
            #expect(listed.page["total_count"] as? Int == 1 && listed.page["first"] as? Bool == true && listed.page["last"] as? Bool == true)
            #expect(try await app.call(.get, "/v1/captures?end=1577836801000000", app.alice).items.isEmpty)
            #expect(try await app.call(.get, "/v1/captures?name=%22overtak%22", app.alice).items.isEmpty)
            #expect(try await app.call(.get, "/v1/captures?name=TAKING", app.alice).items.count == 1)
            #expect(try await app.call(.get, "/v1/captures", app.bob).items.isEmpty)
            #expect(try await app.call(.get, "/v1/captures", app.admin).items.count == 1)

            let changed = try await app.call(.put, "/v1/captures/\(uuid)", app.alice, body: ["name": "braking", "shared": false])
            #expect(changed.status == .ok && changed.object["name"] as? String == "braking" && changed.object["shared"] as? Bool == false)
            #expect(try await app.call(.get, "/v1/captures/\(uuid)", app.alice).object["description"] as? String == "on the A1")

            let hidden = try await app.call(.get, "/v1/captures/\(uuid)", app.bob)
            #expect(hidden.status == .notFound && hidden.object["error_description"] as? String == "capture \(uuid) not found")
            #expect(try await app.call(.put, "/v1/captures/\(uuid)", app.bob, body: ["name": "x"]).status == .notFound)
            #expect(try await app.call(.delete, "/v1/captures/\(uuid)", app.bob).status == .notFound)
            #expect(try await app.call(.delete, "/v1/captures/\(uuid)", app.alice).status == .noContent)
            #expect(try await app.call(.get, "/v1/captures/\(uuid)", app.alice).status == .notFound)
        }
    }

    @Test func badRequestsAnswerInIntdashsErrorShape() async throws {
        try await CatalogTestApp.with { app in
            let edge = try await app.fixture.edges.create(name: "car", ownerUserID: app.fixture.alice.userID).edge
            let noStart = try await app.call(.post, "/v1/captures", app.alice, body: ["edge_uuid": edge.uuid])
            #expect(noStart.status == .badRequest && noStart.object["error_description"] as? String == "start is required")
            let negative = try await app.call(
                .post, "/v1/captures", app.alice, body: ["edge_uuid": edge.uuid, "start": "2020-01-01T00:00:00Z", "duration": -5])
            #expect(negative.status == .badRequest && negative.object["error"] is String)
            let foreign = try await app.call(.post, "/v1/captures", app.bob, body: ["edge_uuid": edge.uuid, "start": "2020-01-01T00:00:00Z"])
            #expect(foreign.status == .notFound)
            #expect(try await app.call(.get, "/v1/captures?sort=colour", app.alice).status == .badRequest)
            #expect(try await app.call(.get, "/v1/captures?start=yesterday", app.alice).status == .badRequest)
            #expect(try await app.call(.get, "/v1/captures").status == .unauthorized)
        }
    }
}
