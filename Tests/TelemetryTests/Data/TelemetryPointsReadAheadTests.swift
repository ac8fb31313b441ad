import Foundation
import Testing

@testable import Telemetry

@Suite struct TelemetryPointsReadAheadTests {
    let measurement = UUID()
    let stream = UUID()

    @Test func handsOutTheQuerysBatchesInOrderAcrossSeveralSteps() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            // More than two steps' worth, in chunks that do not line up with batches or steps.
            let total = Int64(TelemetryPointsReadAhead.points * 2 + 3_000)
            let chunkSize: Int64 = 7_000
            for (index, start) in stride(from: Int64(0), to: total, by: Int(chunkSize)).enumerated() {
                let times = Array(start..<min(start + chunkSize, total))
                try await store.append(testChunk(stream: stream, UInt32(index + 1), measurement: measurement, times: times), measurement: measurement)
            }
            for order in [TelemetryQueryOrder.ascending, .descending] {
                let (expected, expectedSizes) = try await store.pointsInBatches(of: measurement, order: order)
                var batches = TelemetryPointsReadAhead(
                    store.points(measurement: measurement, elapsedRange: Int64.min..<Int64.max, dataIDs: nil, order: order, limit: nil))
                let (read, sizes) = try await collectBatches { try await batches.next() }
                #expect(read.count == Int(total))
                #expect(read.map(\.dataPoint.elapsedTime) == expected.map(\.dataPoint.elapsedTime))
                #expect(read.allSatisfy { Array($0.dataPoint.payload) == testPayload($0.dataPoint.elapsedTime) })
                #expect(sizes == expectedSizes)
                // After the last batch it keeps answering that there are no more.
                #expect(try await batches.next().isEmpty)
            }
            await store.close()
        }
    }

    @Test func aFailureComesAfterTheBatchesReadBeforeItAndStays() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            // The first chunk fills a batch and a half; the second, whose record is damaged, is
            // read for the rest of the second batch.
            let firstCount = Int64(TelemetryPointCursor.batchSize * 3 / 2)
            try await store.append(testChunk(stream: stream, 1, measurement: measurement, times: Array(0..<firstCount)), measurement: measurement)
            try await store.append(
                testChunk(stream: stream, 2, measurement: measurement, times: Array(firstCount..<(firstCount + 10))), measurement: measurement)
            await store.close()
            let path = fixture.segmentPath(0, of: measurement)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            bytes[bytes.count - 3] ^= 0xff
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            var batches = TelemetryPointsReadAhead(
                store.points(measurement: measurement, elapsedRange: Int64.min..<Int64.max, dataIDs: nil, order: .ascending, limit: nil))
            let first = try await batches.next()
            #expect(first.points.map(\.elapsedTime) == Array(0..<Int64(TelemetryPointCursor.batchSize)))
            for _ in 0..<2 {
                await #expect {
                    _ = try await batches.next()
                } throws: { error in
                    guard case .corruptRecord(let reason) = error as? TelemetryDataStoreError else { return false }
                    return reason.contains("checksum")
                }
            }
        }
    }
}
