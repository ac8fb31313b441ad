import Accounts
import Foundation
import SQLKit
import Storage
import Synchronization
import Telemetry
import Testing

/// Which measurements are queued for notarization: those of the edges that ask for it, once,
/// when they end or complete.
@Suite struct MeasurementNotarizationsTests {
    @Test func endingAMeasurementOfANotarizingEdgeQueuesItOnce() async throws {
        try await CatalogFixture.with { fixture in
            let notarizations = MeasurementNotarizations(database: fixture.database)
            let notarized = try await fixture.edges.create(name: "notarized", ownerUserID: fixture.alice.userID).edge
            let plain = try await fixture.edges.create(name: "plain").edge
            try await notarizations.setNotarizes(true, edgeUUID: notarized.uuid.uppercased())
            #expect(try await notarizations.notarizingEdges() == [notarized.uuid])

            let first = try await fixture.measurements.create(edgeUUID: notarized.uuid)
            let second = try await fixture.measurements.create(edgeUUID: notarized.uuid)
            let other = try await fixture.measurements.create(edgeUUID: plain.uuid)
            #expect(try await notarizations.notarization(of: first.uuid) == nil)

            let ended = Date(timeIntervalSince1970: 1_900_000_000)
            try await fixture.measurements.end(uuid: first.uuid, now: ended)
            try await fixture.measurements.complete(uuid: first.uuid, now: ended.addingTimeInterval(60))
            try await fixture.measurements.complete(uuid: second.uuid, now: ended)
            try await fixture.measurements.end(uuid: other.uuid, now: ended)

            let queued = try #require(try await notarizations.notarization(of: first.uuid))
            #expect(queued.queuedAt == ended && queued.reportID == nil && queued.notarizedAt == nil && queued.sha256 == nil)
            #expect(try await notarizations.notarization(of: second.uuid) != nil)
            #expect(try await notarizations.notarization(of: other.uuid) == nil)
            let rows = try await fixture.database.withConnection { sql in
                try await sql.select().column("id").from("telemetry_measurement_notarizations").all(decodingColumn: "id", as: String.self)
            }
            #expect(rows.sorted() == [first.uuid, second.uuid].sorted())

            // An edge that stops asking: its later measurements are not queued; a deleted edge
            // leaves nobody asking.
            try await notarizations.setNotarizes(false, edgeUUID: notarized.uuid)
            let third = try await fixture.measurements.create(edgeUUID: notarized.uuid)
            try await fixture.measurements.end(uuid: third.uuid)
            #expect(try await notarizations.notarization(of: third.uuid) == nil)
            try await notarizations.setNotarizes(true, edgeUUID: notarized.uuid)
            try await fixture.edges.delete(uuid: notarized.uuid, scope: .everything)
            #expect(try await notarizations.notarizingEdges().isEmpty)
        }
    }

    @Test func theStoreCallsBackWhenAMeasurementEnds() async throws {
        try await CatalogFixture.with { fixture in
            let calls = Mutex(0)
            let measurements = MeasurementStore(database: fixture.database, whenEnded: { calls.withLock { $0 += 1 } })
            let edge = try await fixture.edges.create(name: "car").edge
            let measurement = try await measurements.create(edgeUUID: edge.uuid)
            try await measurements.setProtected(true, uuid: measurement.uuid, scope: .everything)
            #expect(calls.withLock { $0 } == 0)
            try await measurements.end(uuid: measurement.uuid)
            try await measurements.complete(uuid: measurement.uuid)
            #expect(calls.withLock { $0 } == 2)
        }
    }
}
