import Foundation
import Testing

@testable import Telemetry

@Suite struct TelemetryRecorderTests {
    let edge = UUID().uuidString.lowercased()

    /// An upstream of the fixture's edge into `measurement`.
    func upstream(_ measurement: UUID) -> TelemetryUpstream {
        TelemetryUpstream(streamID: UUID(), sessionID: measurement.uuidString.lowercased(), sourceNodeID: edge)
    }

    @Test func aRecordedChunkIsStoredAndExtendsTheDuration() async throws {
        try await RecordingFixture.with { fixture in
            let measurement = UUID()
            let upstream = upstream(measurement)
            try await fixture.recorder.prepare(upstream)
            try await fixture.recorder.record(
                TelemetryChunk(
                    upstream: upstream, sequenceNumber: 1,
                    groups: [
                        TelemetryDataPointGroup(
                            dataID: TelemetryDataID(name: "v", type: "int64"), dataPoints: [TelemetryDataPoint(elapsedTime: 7_000, payload: [1])])
                    ]))
            #expect(try await fixture.data.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [7_000])
            #expect(try await fixture.measurements.measurement(uuid: measurement.uuidString).maxElapsedTime == 7_000)
        }
    }

    @Test func aDeletedMeasurementTakesNoMoreChunksBaseTimesOrEnd() async throws {
        try await RecordingFixture.with { fixture in
            let measurement = UUID()
            let upstream = upstream(measurement)
            try await fixture.recorder.prepare(upstream)
            try await fixture.recorder.record(testChunk(stream: upstream.streamID, 1, measurement: measurement, times: [1, 2]))
            try await fixture.measurements.delete(uuid: measurement.uuidString, scope: .everything)
            try await fixture.data.delete(measurement: measurement)

            // The chunk after the deletion is refused and leaves nothing behind.
            await #expect(throws: CatalogError.measurementNotFound(measurement.uuidString.lowercased())) {
                try await fixture.recorder.record(testChunk(stream: upstream.streamID, 2, measurement: measurement, times: [3]))
            }
            #expect(!fixture.hasFiles(measurement))
            #expect(try await fixture.indexRows(of: measurement) == 0)
            await #expect(throws: CatalogError.self) {
                try await fixture.recorder.record(
                    TelemetryBaseTime(sessionID: upstream.sessionID, name: "edge_rtc", priority: 1, elapsedTime: 0, baseTime: 1))
            }
            await #expect(throws: CatalogError.self) { try await fixture.recorder.endSession(upstream.sessionID) }
        }
    }

    @Test func aChunkOfAMeasurementThatNeverExistedIsRefused() async throws {
        try await RecordingFixture.with { fixture in
            let measurement = UUID()
            await #expect(throws: CatalogError.self) {
                try await fixture.recorder.record(testChunk(stream: UUID(), 1, measurement: measurement, times: [1]))
            }
            let rows = try await fixture.indexRows(of: measurement)
            #expect(rows == 0)
            #expect(!fixture.hasFiles(measurement))
        }
    }

    @Test func deletingWaitsForAppendsUnderWayAndLeavesNoFiles() async throws {
        try await RecordingFixture.with { fixture in
            let measurement = UUID()
            let stream = UUID()
            let appends = (1...50).map { sequence in
                Task {
                    try await fixture.data.append(
                        testChunk(stream: stream, UInt32(sequence), measurement: measurement, times: [Int64(sequence)]), measurement: measurement)
                }
            }
            try await fixture.data.delete(measurement: measurement)
            for append in appends { _ = await append.result }
            // Appends queued after the deletion started may have begun the measurement anew; a
            // second deletion, with nothing under way, must leave nothing at all.
            try await fixture.data.delete(measurement: measurement)
            #expect(!fixture.hasFiles(measurement))
            #expect(try await fixture.indexRows(of: measurement) == 0)
            #expect(try await fixture.data.allPoints(of: measurement).isEmpty)
        }
    }
}
