import Accounts
import ChanceryServer
import ChanceryTestSupport
import Foundation
import ISCP
import JSON
import Storage
import Telemetry
import Testing

/// The telemetry catalog as an administrator sees it: edges, measurements and their points.
@Suite struct AdministrationCatalogTests {
    @Test func anEdgeIsMadeWithItsSecretOnceAndListedWithItsOwnersName() async throws {
        try await AdministrationFixture.with { fixture in
            let made = try await fixture.administration.createEdge(name: "truck-7", nickname: "Truck 7", ownerName: "alice")
            let object = try #require(made.objectValue)
            let uuid = try #require(object["uuid"]?.stringValue)
            #expect(object["name"] == .string("truck-7"))
            #expect(object["nickname"] == .string("Truck 7"))
            #expect(object["client_secret"]?.stringValue?.isEmpty == false)
            _ = try await fixture.administration.createEdge(name: "crane-2")

            let all = try await fixture.administration.edges()
            #expect(all.map(\.name) == ["crane-2", "truck-7"])
            let truck = try #require(all.first { $0.uuid == uuid })
            #expect(truck.owner == "alice")
            #expect(truck.isEnabled)
            #expect(truck.json.objectValue?["client_secret"] == nil)
            #expect(all.first { $0.name == "crane-2" }?.owner == nil)

            #expect(try await fixture.administration.edges(ownerName: "alice").map(\.name) == ["truck-7"])
            #expect(try await fixture.administration.edges(ownerName: "bob").isEmpty)
            #expect(try await fixture.administration.edges(nameContaining: "crane").map(\.name) == ["crane-2"])
        }
    }

    @Test func anOwnerWhoDoesNotExistIsRefused() async throws {
        try await AdministrationFixture.with { fixture in
            await #expect(throws: AccountsError.userNotFound("nobody")) {
                try await fixture.administration.createEdge(name: "orphan", ownerName: "nobody")
            }
            await #expect(throws: AccountsError.userNotFound("nobody")) { try await fixture.administration.edges(ownerName: "nobody") }
            let edges = try await fixture.administration.edges()
            #expect(edges.isEmpty)
        }
    }

    @Test func measurementsAreListedAPageAtATimeAndShownWithBaseTimesAndMarkers() async throws {
        try await AdministrationFixture.with { fixture in
            let edge = try #require(try await fixture.administration.createEdge(name: "truck-7").objectValue?["uuid"]?.stringValue)
            let other = try #require(try await fixture.administration.createEdge(name: "crane-2").objectValue?["uuid"]?.stringValue)
            let measurements = MeasurementStore(database: fixture.accounts.database)
            let first = try await measurements.create(edgeUUID: edge, name: "morning run", basetime: 1_700_000_000_000_000_000)
            _ = try await measurements.create(edgeUUID: edge, name: "evening run", basetime: 1_700_000_100_000_000_000)
            _ = try await measurements.create(edgeUUID: other, name: "lift")

            let page = try await fixture.administration.measurements(edgeUUID: edge, limit: 1)
            #expect(page.totalCount == 2)
            #expect(page.items.map(\.name) == ["evening run"])
            #expect(page.items.first?.basetime == "2023-11-14T22:15:00.000000000Z")
            #expect(page.items.first?.edgeUUID == edge)
            #expect(try await fixture.administration.measurements(nameContaining: "LIFT", limit: 10).items.map(\.name) == ["lift"])

            let shown = try #require(try await fixture.administration.measurement(uuid: first.uuid).objectValue)
            #expect(shown["uuid"] == .string(first.uuid))
            #expect(shown["markers"] == .array([]))
            let baseTimes = try #require(shown["basetimes"]?.arrayValue)
            #expect(baseTimes.compactMap { $0.objectValue?["basetime"]?.stringValue } == ["2023-11-14T22:13:20.000000000Z"])
        }
    }

    @Test func anExportGivesEveryStoredPointInTimeOrderWithItsTime() async throws {
        try await AdministrationFixture.with { fixture in
            let edge = try #require(try await fixture.administration.createEdge(name: "truck-7").objectValue?["uuid"]?.stringValue)
            let measurement = try await MeasurementStore(database: fixture.accounts.database)
                .create(edgeUUID: edge, basetime: 1_700_000_000_000_000_000)
            let uuid = try #require(UUID(uuidString: measurement.uuid))
            let data = TelemetryDataStore(database: fixture.accounts.database, directory: TelemetryDataStore.directory(in: fixture.dataDirectory))
            let upstream = TelemetryUpstream(streamID: UUID(), sessionID: measurement.uuid, sourceNodeID: edge)
            let speed = TelemetryDataID(name: "1/speed", type: "float64")
            let label = TelemetryDataID(name: "1/label", type: "string")
            try await data.append(
                TelemetryChunk(
                    upstream: upstream, sequenceNumber: 1,
                    groups: [
                        TelemetryDataPointGroup(
                            dataID: speed,
                            dataPoints: [TelemetryDataPoint(elapsedTime: 3, payload: [1]), TelemetryDataPoint(elapsedTime: 1, payload: [2])]),
                        TelemetryDataPointGroup(dataID: label, dataPoints: [TelemetryDataPoint(elapsedTime: 2, payload: Array("go".utf8))]),
                    ]), measurement: uuid)
            await data.close()

            var exported: [MeasurementExportPoint] = []
            let count = try await fixture.administration.exportPoints(of: uuid) { exported.append($0) }
            #expect(count == 3)
            #expect(exported.map(\.elapsedTime) == [1, 2, 3])
            #expect(exported.map(\.dataName) == ["1/speed", "1/label", "1/speed"])
            #expect(exported.map(\.dataType) == ["float64", "string", "float64"])
            #expect(exported.map(\.payload) == [[2], Array("go".utf8), [1]])
            #expect(exported.first?.time == "2023-11-14T22:13:20.000000001Z")
        }
    }

    @Test func exportingAMeasurementThatDoesNotExistFails() async throws {
        try await AdministrationFixture.with { fixture in
            var handed = 0
            await #expect(throws: (any Error).self) { try await fixture.administration.exportPoints(of: UUID()) { _ in handed += 1 } }
            #expect(handed == 0)
        }
    }
}
