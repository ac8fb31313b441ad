import Accounts
import Foundation
import SQLKit
import Storage
import Telemetry
import Testing

@Suite struct MeasurementStoreTests {
    /// 2020-01-01T00:00:00Z in nanoseconds.
    private let newYear2020: Int64 = 1_577_836_800_000_000_000

    @Test func aMeasurementRoundTripsAndItsBaseTimeIsTheHighestPriorityOne() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "car", ownerUserID: fixture.alice.userID).edge
            let created = try await fixture.measurements.create(
                edgeUUID: edge.uuid, name: "drive", description: "to the coast", basetime: newYear2020 + 123_456_789,
                basetimeType: .edgeRTC, scope: CatalogScope(fixture.alice)
            )
            let loaded = try await fixture.measurements.measurement(uuid: created.uuid, scope: CatalogScope(fixture.alice))
            #expect(loaded.name == "drive" && loaded.description == "to the coast" && loaded.edgeUUID == edge.uuid)
            #expect(loaded.basetime == newYear2020 + 123_456_789 && loaded.basetimeType == .edgeRTC)
            #expect(!loaded.ended && !loaded.completed && !loaded.isProtected && loaded.status == .measuring)

            try await fixture.measurements.setBaseTime(uuid: created.uuid, type: .apiFirstReceived, basetime: newYear2020 + 5)
            #expect(try await fixture.measurements.measurement(uuid: created.uuid).basetimeType == .edgeRTC)
            try await fixture.measurements.setBaseTime(uuid: created.uuid, type: .ntp, basetime: newYear2020 + 7)
            var now = try await fixture.measurements.measurement(uuid: created.uuid)
            #expect(now.basetime == newYear2020 + 7 && now.basetimeType == .ntp)
            #expect(try await fixture.measurements.baseTimes(of: created.uuid).map(\.type) == [.ntp, .edgeRTC, .apiFirstReceived])

            try await fixture.measurements.setBaseTime(uuid: created.uuid, type: .ntp, basetime: newYear2020 + 8)
            #expect(try await fixture.measurements.baseTime(of: created.uuid, type: .ntp).basetime == newYear2020 + 8)
            try await fixture.measurements.deleteBaseTime(uuid: created.uuid, type: .ntp, scope: .everything)
            now = try await fixture.measurements.measurement(uuid: created.uuid)
            #expect(now.basetime == newYear2020 + 123_456_789 && now.basetimeType == .edgeRTC)
            await #expect(throws: CatalogError.baseTimeNotFound(measurement: created.uuid, type: "ntp")) {
                try await fixture.measurements.baseTime(of: created.uuid, type: .ntp)
            }
            try await fixture.measurements.deleteBaseTime(uuid: created.uuid, type: .edgeRTC, scope: .everything)
            try await fixture.measurements.deleteBaseTime(uuid: created.uuid, type: .apiFirstReceived, scope: .everything)
            now = try await fixture.measurements.measurement(uuid: created.uuid)
            #expect(now.basetime == nil && now.basetimeType == nil)
        }
    }

    @Test func theBrokerMethodsGrowEndAndCompleteAMeasurement() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "sensor").edge
            let uuid = UUID()
            let measurement = try await fixture.measurements.create(edgeUUID: edge.uuid, uuid: uuid, basetime: newYear2020, basetimeType: .edgeRTC)
            #expect(measurement.uuid == uuid.uuidString.lowercased())
            await #expect(throws: CatalogError.measurementExists(measurement.uuid)) {
                try await fixture.measurements.create(edgeUUID: edge.uuid, uuid: uuid)
            }
            try await fixture.measurements.extendDuration(uuid: measurement.uuid, toElapsed: 5_000_000_000)
            try await fixture.measurements.extendDuration(uuid: measurement.uuid, toElapsed: 2_000_000_000)
            #expect(try await fixture.measurements.measurement(uuid: measurement.uuid).maxElapsedTime == 5_000_000_000)

            try await fixture.measurements.end(uuid: measurement.uuid)
            #expect(try await fixture.measurements.measurement(uuid: measurement.uuid).status == .resending)
            try await fixture.measurements.complete(uuid: measurement.uuid)
            let done = try await fixture.measurements.measurement(uuid: measurement.uuid)
            #expect(done.ended && done.completed && done.status == .finished)
        }
    }

    @Test func updatesChangeOnlyWhatIsGivenAndABaseTimeTypeAloneRelabelsTheCurrentValue() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "bus").edge
            let measurement = try await fixture.measurements.create(
                edgeUUID: edge.uuid, name: "first", description: "kept", basetime: newYear2020, basetimeType: .edgeRTC)
            var updated = try await fixture.measurements.update(
                uuid: measurement.uuid, MeasurementUpdate(name: "second", ended: true), scope: .everything)
            #expect(updated.name == "second" && updated.description == "kept" && updated.ended && updated.basetimeType == .edgeRTC)

            updated = try await fixture.measurements.update(uuid: measurement.uuid, MeasurementUpdate(basetimeType: .gps), scope: .everything)
            #expect(updated.basetime == newYear2020 && updated.basetimeType == .gps)

            updated = try await fixture.measurements.update(uuid: measurement.uuid, MeasurementUpdate(basetime: newYear2020 + 1), scope: .everything)
            #expect(updated.basetime == newYear2020 + 1 && updated.basetimeType == .manual)

            let bare = try await fixture.measurements.create(edgeUUID: edge.uuid)
            await #expect(throws: CatalogError.self) {
                try await fixture.measurements.update(uuid: bare.uuid, MeasurementUpdate(basetimeType: .ntp), scope: .everything)
            }
        }
    }

    @Test func onlyUnprotectedMeasurementsAreDeletedWithTheirBaseTimesAndMarkers() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "van").edge
            let measurement = try await fixture.measurements.create(edgeUUID: edge.uuid, basetime: newYear2020, isProtected: true)
            let marker = try await fixture.measurements.createMarker(
                in: measurement.uuid, span: .point(occurredAt: 1), by: fixture.admin.userID, scope: .everything)
            await #expect(throws: CatalogError.measurementProtected(measurement.uuid)) {
                try await fixture.measurements.delete(uuid: measurement.uuid, scope: .everything)
            }
            try await fixture.measurements.setProtected(false, uuid: measurement.uuid, scope: .everything)
            try await fixture.measurements.delete(uuid: measurement.uuid, scope: .everything)
            await #expect(throws: CatalogError.measurementNotFound(measurement.uuid)) {
                try await fixture.measurements.measurement(uuid: measurement.uuid)
            }
            await #expect(throws: CatalogError.markerNotFound(marker.uuid)) {
                try await fixture.measurements.marker(uuid: marker.uuid, scope: .everything)
            }
            let leftovers = try await fixture.database.withConnection { sql in
                try await sql.select().column("type").from("telemetry_measurement_basetimes").all().count
            }
            #expect(leftovers == 0)
        }
    }

    @Test func visibilityFollowsTheEdge() async throws {
        try await CatalogFixture.with { fixture in
            let alices = try await fixture.edges.create(name: "alices", ownerUserID: fixture.alice.userID).edge
            let bobs = try await fixture.edges.create(name: "bobs", ownerUserID: fixture.bob.userID).edge
            let a = try await fixture.measurements.create(edgeUUID: alices.uuid, name: "a", scope: CatalogScope(fixture.alice))
            let b = try await fixture.measurements.create(edgeUUID: bobs.uuid, name: "b", scope: CatalogScope(try await fixture.principal(of: bobs)))
            await #expect(throws: CatalogError.edgeNotFound(bobs.uuid)) {
                try await fixture.measurements.create(edgeUUID: bobs.uuid, scope: CatalogScope(fixture.alice))
            }
            await #expect(throws: CatalogError.edgeNotFound(alices.uuid)) {
                try await fixture.measurements.create(edgeUUID: alices.uuid, scope: CatalogScope(try await fixture.principal(of: bobs)))
            }
            func names(_ scope: CatalogScope) async throws -> Set<String> {
                Set(try await fixture.measurements.list(MeasurementQuery(), scope: scope).items.map(\.name))
            }
            #expect(try await names(.everything) == ["a", "b"])
            #expect(try await names(CatalogScope(fixture.alice)) == ["a"])
            #expect(try await names(CatalogScope(fixture.bob)) == ["b"])
            #expect(try await names(CatalogScope(try await fixture.principal(of: alices))) == ["a"])
            await #expect(throws: CatalogError.measurementNotFound(b.uuid)) {
                try await fixture.measurements.update(uuid: b.uuid, MeasurementUpdate(name: "mine"), scope: CatalogScope(fixture.alice))
            }
            await #expect(throws: CatalogError.measurementNotFound(a.uuid)) {
                try await fixture.measurements.delete(uuid: a.uuid, scope: CatalogScope(fixture.bob))
            }
        }
    }

    @Test func listFiltersMeanWhatIntdashDocuments() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "lab").edge
            let other = try await fixture.edges.create(name: "other").edge
            let second: Int64 = 1_000_000_000
            // [basetime, basetime + duration] in seconds after 2020: A 0–10, B 20–30, C 35–50.
            let a = try await fixture.measurements.create(edgeUUID: edge.uuid, name: "Morning run", basetime: newYear2020, basetimeType: .ntp)
            let b = try await fixture.measurements.create(
                edgeUUID: edge.uuid, name: "morning", basetime: newYear2020 + 20 * second, basetimeType: .edgeRTC)
            let c = try await fixture.measurements.create(edgeUUID: other.uuid, name: "evening", basetime: newYear2020 + 35 * second)
            try await fixture.measurements.extendDuration(uuid: a.uuid, toElapsed: 10 * second)
            try await fixture.measurements.extendDuration(uuid: b.uuid, toElapsed: 10 * second)
            try await fixture.measurements.extendDuration(uuid: c.uuid, toElapsed: 15 * second)
            try await fixture.measurements.end(uuid: b.uuid)
            try await fixture.measurements.complete(uuid: c.uuid)

            func names(_ configure: (inout MeasurementQuery) -> Void) async throws -> [String] {
                var query = MeasurementQuery()
                query.sort = .basetime
                query.order = .ascending
                configure(&query)
                return try await fixture.measurements.list(query, scope: .everything).items.map(\.name)
            }
            let microsecondsOf2020 = newYear2020 / 1000
            #expect(try await names { $0.name = .containing("MORNING") } == ["Morning run", "morning"])
            #expect(try await names { $0.name = .exactly("morning") } == ["morning"])
            #expect(try await names { $0.edgeUUID = other.uuid } == ["evening"])
            #expect(try await names { $0.uuid = b.uuid.uppercased() } == ["morning"])
            #expect(try await names { $0.ended = false } == ["Morning run"])
            #expect(try await names { $0.status = .resending } == ["morning"])
            #expect(try await names { $0.status = .finished } == ["evening"])
            #expect(try await names { $0.basetimeType = .ntp } == ["Morning run"])
            #expect(try await names { $0.minimumDuration = 12_000_000 } == ["evening"])
            #expect(try await names { $0.maximumDuration = 10_000_000 } == ["Morning run", "morning"])
            // Range 5–25 s: base times inside it, or (partial) any overlap.
            #expect(
                try await names {
                    $0.start = microsecondsOf2020 + 5_000_000
                    $0.end = microsecondsOf2020 + 25_000_000
                } == ["morning"])
            #expect(
                try await names {
                    $0.start = microsecondsOf2020 + 5_000_000
                    $0.end = microsecondsOf2020 + 25_000_000
                    $0.partialMatch = true
                } == ["Morning run", "morning"])
            #expect(
                try await names {
                    $0.start = microsecondsOf2020 + 40_000_000
                    $0.partialMatch = true
                } == ["evening"])

            var query = MeasurementQuery()
            query.sort = .name
            query.order = .ascending
            query.page = PageRequest(page: 2, limit: 2)
            let page = try await fixture.measurements.list(query, scope: .everything)
            #expect(page.totalCount == 3 && page.items.map(\.name) == ["morning"])
        }
    }

    @Test func markersRoundTripAndBelongToTheirMeasurement() async throws {
        try await CatalogFixture.with { fixture in
            let edge = try await fixture.edges.create(name: "kart", ownerUserID: fixture.alice.userID).edge
            let scope = CatalogScope(fixture.alice)
            let measurement = try await fixture.measurements.create(edgeUUID: edge.uuid, basetime: newYear2020, scope: scope)
            let other = try await fixture.measurements.create(edgeUUID: edge.uuid, basetime: newYear2020, scope: scope)
            let range = try await fixture.measurements.createMarker(
                in: measurement.uuid, name: "lap 1", description: "fast", span: .range(start: 2_000_000, end: 9_000_000),
                tag: ["driver": "alice", "tyres": "soft"], by: fixture.alice.userID, scope: scope
            )
            let point = try await fixture.measurements.createMarker(
                in: measurement.uuid, name: "crash", span: .point(occurredAt: 1_000_000), by: fixture.alice.userID, scope: scope
            )
            #expect(try await fixture.measurements.markers(of: measurement.uuid, scope: scope) == [point, range])
            #expect(try await fixture.measurements.marker(uuid: range.uuid, in: measurement.uuid, scope: scope) == range)
            await #expect(throws: CatalogError.markerNotFound(range.uuid)) {
                try await fixture.measurements.marker(uuid: range.uuid, in: other.uuid, scope: scope)
            }
            await #expect(throws: CatalogError.markerNotFound(range.uuid)) {
                try await fixture.measurements.marker(uuid: range.uuid, scope: CatalogScope(fixture.bob))
            }
            await #expect(throws: CatalogError.invalid("a range marker must not end before it starts")) {
                try await fixture.measurements.createMarker(
                    in: measurement.uuid, span: .range(start: 5, end: 4), by: fixture.alice.userID, scope: scope)
            }

            let changed = try await fixture.measurements.updateMarker(
                uuid: point.uuid, MarkerUpdate(span: .range(start: 1_000_000, end: 1_500_000), tag: ["cause": "rain"]),
                by: fixture.admin.userID, scope: .everything
            )
            #expect(changed.name == "crash" && changed.span == .range(start: 1_000_000, end: 1_500_000) && changed.tag == ["cause": "rain"])
            #expect(changed.createdBy == fixture.alice.userID && changed.updatedBy == fixture.admin.userID)
            #expect(try await fixture.measurements.marker(uuid: point.uuid, scope: scope) == changed)

            try await fixture.measurements.deleteMarker(uuid: range.uuid, in: measurement.uuid, scope: scope)
            #expect(try await fixture.measurements.markers(of: measurement.uuid, scope: scope).map(\.uuid) == [point.uuid])
        }
    }
}
