import Accounts
import Foundation
import HTTPTypes
import Testing

@testable import Telemetry

@Suite struct IntdashRESTRoutesTests {
    @Test func theVersionNeedsNoCredentialsAndEverythingElseDoes() async throws {
        try await CatalogTestApp.with { app in
            let version = try await app.call(.get, "/v1/version")
            #expect(version.status == .ok && version.object["version"] as? String == "1.10.0")

            let refused = try await app.call(.get, "/v1/measurements")
            #expect(refused.status == .unauthorized)
            #expect(refused.object["error"] as? String == "unauthorized" && refused.object["error_description"] is String)

            let wrongKey = try await app.call(.get, "/v1/edges", [HTTPField.Name("X-Edge-Token")!: "chk_nonsense"])
            #expect(wrongKey.status == .unauthorized)
        }
    }

    @Test func aPersonCreatesAnEdgeThatThenSeesOnlyItself() async throws {
        try await CatalogTestApp.with { app in
            let created = try await app.call(.post, "/auth/edges", app.alice, body: ["name": "truck-7", "nickname": "Truck", "description": "blue"])
            #expect(created.status == .created)
            let uuid = try #require(created.object["uuid"] as? String)
            #expect((created.object["client_secret"] as? String)?.isEmpty == false)
            #expect(created.object["type"] as? String == "device" && created.object["nickname"] as? String == "Truck")
            #expect((created.object["owner"] as? [String: Any])?["user_uuid"] as? String == app.fixture.alice.userID)
            #expect(created.object.keys.contains("last_login_at"))

            let fetched = try await app.call(.get, "/auth/edges/\(uuid)", app.alice)
            #expect(fetched.object["description"] as? String == "blue" && fetched.object["client_secret"] == nil)
            #expect(try await app.call(.get, "/auth/edges/\(uuid)", app.bob).status == .notFound)

            let patched = try await app.call(.patch, "/auth/edges/\(uuid)", app.alice, body: ["nickname": "Lorry", "disabled": true])
            #expect(patched.status == .ok && patched.object["nickname"] as? String == "Lorry" && patched.object["disabled"] as? Bool == true)

            // A disabled edge is refused where it authenticates, until it is enabled again.
            let edge = try await app.edgeToken(uuid)
            #expect(try await app.call(.get, "/v1/edges/me", edge).status == .unauthorized)
            let enabled = try await app.call(.patch, "/auth/edges/\(uuid)", app.alice, body: ["disabled": false])
            #expect(enabled.status == .ok && enabled.object["disabled"] as? Bool == false)
            let me = try await app.call(.get, "/v1/edges/me", edge)
            #expect(me.object["uuid"] as? String == uuid && me.object["name"] as? String == "truck-7")
            #expect(try await app.call(.get, "/auth/edges/me", edge).object["uuid"] as? String == uuid)
            let seen = try await app.call(.get, "/v1/edges?disabled=False", edge)
            #expect(seen.items.map { $0["uuid"] as? String } == [uuid])
            #expect(try await app.call(.post, "/auth/edges", edge, body: ["name": "child"]).status == .forbidden)
            #expect(try await app.call(.delete, "/auth/edges/\(uuid)", edge).status == .forbidden)

            let personal = try await app.call(.get, "/v1/edges/me", app.bob)
            #expect(personal.object["uuid"] as? String == app.fixture.bob.userID && personal.object["type"] as? String == "user")

            #expect(try await app.call(.post, "/auth/edges", app.bob, body: ["name": "truck-7"]).status == .conflict)
            #expect(try await app.call(.post, "/auth/edges", app.bob, body: ["nickname": "nameless"]).status == .badRequest)
            #expect(try await app.call(.delete, "/auth/edges/\(uuid)", app.alice).status == .noContent)
            #expect(try await app.call(.get, "/v1/edges/me", edge).status == .unauthorized)
        }
    }

    @Test func edgeListsPageInBothShapes() async throws {
        try await CatalogTestApp.with { app in
            for name in ["e1", "e2", "e3"] {
                #expect(try await app.call(.post, "/auth/edges", app.admin, body: ["name": name]).status == .created)
            }
            let first = try await app.call(.get, "/v1/edges?sort=name&order=asc&limit=2&page=1&disabled=False", app.admin)
            #expect(first.items.map { $0["name"] as? String } == ["e1", "e2"])
            #expect(first.page["total_count"] as? Int == 3 && first.page["first"] as? Bool == true && first.page["last"] as? Bool == false)
            let next = try #require(first.page["next"] as? String)
            #expect(next.hasPrefix("/api/v1/edges?") && next.contains("limit=2") && next.hasSuffix("page=2"))
            let second = try await app.call(.get, String(next.dropFirst("/api".count)), app.admin)
            #expect(second.items.map { $0["name"] as? String } == ["e3"] && second.page["last"] as? Bool == true)
            #expect(second.page["previous"] as? String != nil && second.page["next"] is NSNull)

            let current = try await app.call(.get, "/auth/edges?sort=name-&per_page=2&page=2", app.admin)
            #expect(current.items.map { $0["name"] as? String } == ["e1"])
            #expect(current.page["total_page"] as? Int == 2 && current.page["prev"] as? Bool == true && current.page["next"] as? Bool == false)
            #expect(current.page["prev_page"] as? Int == 1)

            #expect(try await app.call(.get, "/v1/edges?limit=many", app.admin).status == .badRequest)
            #expect(try await app.call(.get, "/auth/edges?sort=colour", app.admin).status == .badRequest)
        }
    }

    @Test func measurementsRoundTripWithNanosecondBaseTimes() async throws {
        try await CatalogTestApp.with { app in
            let edge = try #require(try await app.call(.post, "/auth/edges", app.alice, body: ["name": "kart"]).object["uuid"] as? String)
            let created = try await app.call(
                .post, "/v1/measurements", app.alice,
                body: [
                    "name": "qualifying", "edge_uuid": edge, "description": "dry", "basetime_type": "edge_rtc",
                    "basetime": "2020-01-01T00:00:00.123456789Z", "protected": false,
                ])
            #expect(created.status == .created)
            let uuid = try #require(created.object["uuid"] as? String)
            #expect(created.object["basetime"] as? String == "2020-01-01T00:00:00.123456789Z")
            #expect(created.object["basetime_type"] as? String == "edge_rtc" && created.object["duration"] as? Int == 0)
            #expect(created.object["status"] as? String == "measuring" && created.object["processed_ratio"] as? Int == 1)

            let put = try await app.call(.put, "/v1/measurements/\(uuid)", app.alice, body: ["name": "race", "ended": true])
            #expect(put.status == .noContent)
            let fetched = try await app.call(.get, "/v1/measurements/\(uuid)", app.alice)
            #expect(
                fetched.object["name"] as? String == "race" && fetched.object["ended"] as? Bool == true
                    && fetched.object["description"] as? String == "dry")

            let offset = try await app.call(
                .put, "/v1/measurements/\(uuid)/basetimes/ntp", app.alice, body: ["basetime": "2020-01-01T09:00:01.5+09:00"])
            #expect(offset.status == .noContent)
            let ntp = try await app.call(.get, "/v1/measurements/\(uuid)/basetimes/ntp", app.alice)
            #expect(ntp.object["basetime"] as? String == "2020-01-01T00:00:01.500000000Z" && ntp.object["type"] as? String == "ntp")
            let all = try await app.call(.get, "/v1/measurements/\(uuid)/basetimes", app.alice)
            #expect(all.items.map { $0["type"] as? String } == ["ntp", "edge_rtc"])
            #expect(try await app.call(.get, "/v1/measurements/\(uuid)", app.alice).object["basetime_type"] as? String == "ntp")
            #expect(try await app.call(.delete, "/v1/measurements/\(uuid)/basetimes/ntp", app.alice).status == .noContent)
            #expect(try await app.call(.get, "/v1/measurements/\(uuid)/basetimes/ntp", app.alice).status == .notFound)
            #expect(try await app.call(.get, "/v1/measurements/\(uuid)/basetimes/sundial", app.alice).status == .badRequest)

            let completed = try await app.call(.put, "/v1/measurements/\(uuid)/complete", app.alice)
            #expect(completed.object["completed"] as? Bool == true && completed.object["status"] as? String == "finished")
            #expect(try await app.call(.put, "/v1/measurements/\(uuid)/protect", app.alice).object["protected"] as? Bool == true)
            let refused = try await app.call(.delete, "/v1/measurements/\(uuid)", app.alice)
            #expect(refused.status == .conflict && (refused.object["error_description"] as? String)?.contains("protected") == true)
            #expect(try await app.call(.put, "/v1/measurements/\(uuid)/unprotect", app.alice).status == .ok)
            #expect(try await app.call(.get, "/v1/measurements/\(uuid)", app.bob).status == .notFound)
            #expect(try await app.call(.delete, "/v1/measurements/\(uuid)", app.alice).status == .noContent)
            #expect(try await app.call(.get, "/v1/measurements/\(uuid)", app.alice).status == .notFound)
        }
    }

    @Test func measurementListsFilterByNameTimeAndEdge() async throws {
        try await CatalogTestApp.with { app in
            let edge = try #require(try await app.call(.post, "/auth/edges", app.admin, body: ["name": "bus"]).object["uuid"] as? String)
            for (name, time) in [("run 1", "2020-01-01T00:00:00Z"), ("run 2", "2020-01-02T00:00:00Z"), ("walk", "2020-01-03T00:00:00Z")] {
                let answer = try await app.call(.post, "/v1/measurements", app.admin, body: ["name": name, "edge_uuid": edge, "basetime": time])
                #expect(answer.status == .created)
            }
            func names(_ query: String) async throws -> [String] {
                try await app.call(.get, "/v1/measurements?" + query, app.admin).items.compactMap { $0["name"] as? String }
            }
            #expect(try await names("name=run&sort=name&order=asc") == ["run 1", "run 2"])
            #expect(try await names("name=%22run%22") == [])
            #expect(try await names("name=%22walk%22") == ["walk"])
            // 2020-01-01T12:00Z to 2020-01-02T12:00Z in microseconds.
            #expect(try await names("start=1577880000000000&end=1577966400000000") == ["run 2"])
            #expect(try await names("edge_uuid=\(edge)&sort=basetime&order=asc&limit=1&page=3") == ["walk"])
            #expect(try await names("ended=false&partial_match=false").count == 3)
            #expect(try await app.call(.get, "/v1/measurements?status=sleeping", app.admin).status == .badRequest)
            let bad = try await app.call(.post, "/v1/measurements", app.admin, body: ["edge_uuid": edge, "basetime": "yesterday"])
            #expect(bad.status == .badRequest && (bad.object["error_description"] as? String)?.contains("RFC 3339") == true)
            #expect(try await app.call(.post, "/v1/measurements", app.alice, body: ["edge_uuid": edge]).status == .notFound)
        }
    }

    @Test func markersRoundTripThroughBothPaths() async throws {
        try await CatalogTestApp.with { app in
            let edge = try #require(try await app.call(.post, "/auth/edges", app.alice, body: ["name": "kart"]).object["uuid"] as? String)
            let measurement = try #require(
                try await app.call(.post, "/v1/measurements", app.alice, body: ["edge_uuid": edge, "basetime": "2020-01-01T00:00:00Z"]).object["uuid"]
                    as? String
            )
            let created = try await app.call(
                .post, "/v1/measurements/\(measurement)/markers", app.alice,
                body: [
                    "type": "range", "detail": ["start_elapsed_time": 1_000_000, "end_elapsed_time": 3_000_000],
                    "name": "lap", "description": "first lap", "tag": ["driver": "alice"],
                ])
            #expect(created.status == .created)
            let marker = try #require(created.object["uuid"] as? String)
            #expect(created.object["detail"] as? [String: Int] == ["start_elapsed_time": 1_000_000, "end_elapsed_time": 3_000_000])
            #expect(
                created.object["tag"] as? [String: String] == ["driver": "alice"]
                    && created.object["created_by"] as? String == app.fixture.alice.userID)

            let updated = try await app.call(
                .put, "/v1/measurements/markers/\(marker)", app.alice,
                body: [
                    "type": "point", "detail": ["occurred_elapsed_time": 2_000_000],
                ])
            #expect(updated.status == .ok && updated.object["type"] as? String == "point" && updated.object["name"] as? String == "lap")
            #expect(updated.object["detail"] as? [String: Int] == ["occurred_elapsed_time": 2_000_000])

            let list = try await app.call(.get, "/v1/measurements/\(measurement)/markers", app.alice)
            #expect(list.items.map { $0["uuid"] as? String } == [marker])
            #expect(try await app.call(.get, "/v1/measurements/\(measurement)/markers/\(marker)", app.alice).object["uuid"] as? String == marker)
            let owner = try await app.call(.get, "/v1/measurements/markers/\(marker)/measurement", app.alice)
            #expect(owner.object["uuid"] as? String == measurement)
            #expect(try await app.call(.get, "/v1/measurements/markers/\(marker)", app.bob).status == .notFound)
            #expect(
                try await app.call(
                    .post, "/v1/measurements/\(measurement)/markers", app.alice, body: ["type": "point", "detail": [:] as [String: Int]]
                ).status == .badRequest)
            #expect(
                try await app.call(
                    .post, "/v1/measurements/\(measurement)/markers", app.alice,
                    body: [
                        "type": "point", "detail": ["occurred_elapsed_time": 1], "tag": ["nested": ["no": "way"]],
                    ]
                ).status == .badRequest)
            #expect(try await app.call(.delete, "/v1/measurements/\(measurement)/markers/\(marker)", app.alice).status == .noContent)
            #expect(try await app.call(.get, "/v1/measurements/markers/\(marker)", app.alice).status == .notFound)
        }
    }
}
