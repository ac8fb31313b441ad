import Foundation
import Testing

@testable import Telemetry

@Suite struct TelemetryDataStoreTests {
    let measurement = UUID()
    let streamA = UUID()
    let streamB = UUID()

    @Test func storesAndReadsBackEveryPointWithItsDataIDAndPayload() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let before = Date()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [10, 20, 30]), measurement: measurement)
            let points = try await store.allPoints(of: measurement)
            #expect(points.map(\.dataPoint.elapsedTime) == [10, 20, 30])
            #expect(points.map { Array($0.dataPoint.payload) } == [testPayload(10), testPayload(20), testPayload(30)])
            #expect(points.allSatisfy { $0.dataID == TelemetryDataID(name: "1/speed", type: "float64") })
            #expect(points.allSatisfy { $0.receivedAt.timeIntervalSince(before) > -1 && $0.receivedAt.timeIntervalSinceNow < 1 })
            #expect(try await store.allPoints(of: UUID()).isEmpty)
            await store.close()
        }
    }

    @Test func interleavesOverlappingStreamsInTimeOrderBothWays() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [0, 40, 80]), measurement: measurement)
            try await store.append(testChunk(stream: streamB, 1, measurement: measurement, times: [20, 60, 100]), measurement: measurement)
            try await store.append(testChunk(stream: streamA, 2, measurement: measurement, times: [120, 90, 110]), measurement: measurement)
            try await store.append(testChunk(stream: streamB, 2, measurement: measurement, times: [-30, 5]), measurement: measurement)
            let ascending = try await store.allPoints(of: measurement).map(\.dataPoint.elapsedTime)
            #expect(ascending == [-30, 0, 5, 20, 40, 60, 80, 90, 100, 110, 120])
            let descending = try await store.allPoints(of: measurement, order: .descending).map(\.dataPoint.elapsedTime)
            #expect(descending == ascending.reversed())
            await store.close()
        }
    }

    @Test func pointsOfTheSameTimeComeInTheOrderTheyWereStored() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let first = TelemetryDataID(name: "first", type: "int64")
            let second = TelemetryDataID(name: "second", type: "int64")
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, dataID: first, times: [5, 5]), measurement: measurement)
            try await store.append(testChunk(stream: streamB, 1, measurement: measurement, dataID: second, times: [5]), measurement: measurement)
            #expect(try await store.allPoints(of: measurement).map(\.dataID.name) == ["first", "first", "second"])
            #expect(try await store.allPoints(of: measurement, order: .descending).map(\.dataID.name) == ["second", "first", "first"])
            await store.close()
        }
    }

    @Test func pointsOfOneChunkComeInTimeThenRecordOrderBothWays() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            // Groups in order, out of order and empty, with times shared within and across
            // groups; each payload is the point's place in the record.
            let times: [(name: String, times: [Int64])] = [("a", [5, 1, 5]), ("b", [3, 5]), ("c", []), ("d", [1, 7, 3, 1])]
            var ordinal: UInt8 = 0
            var recordOrder: [(time: Int64, ordinal: UInt8)] = []
            let groups = times.map { name, times in
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: name, type: "int64"),
                    dataPoints: times.map { time in
                        defer { ordinal += 1 }
                        recordOrder.append((time, ordinal))
                        return TelemetryDataPoint(elapsedTime: time, payload: [ordinal])
                    })
            }
            let upstream = TelemetryUpstream(streamID: streamA, sessionID: measurement.uuidString.lowercased(), sourceNodeID: "edge")
            try await store.append(TelemetryChunk(upstream: upstream, sequenceNumber: 1, groups: groups), measurement: measurement)
            let ascending = recordOrder.sorted { ($0.time, $0.ordinal) < ($1.time, $1.ordinal) }.map(\.ordinal)
            let descending = recordOrder.sorted { $0.time != $1.time ? $0.time > $1.time : $0.ordinal < $1.ordinal }.map(\.ordinal)
            #expect(ascending == [1, 5, 8, 3, 7, 0, 2, 4, 6])
            #expect(try await store.allPoints(of: measurement).map { $0.dataPoint.payload.first } == ascending)
            #expect(try await store.allPoints(of: measurement, order: .descending).map { $0.dataPoint.payload.first } == descending)
            let names = try await store.allPoints(of: measurement, order: .descending).map(\.dataID.name)
            #expect(names == ["d", "a", "a", "b", "b", "d", "a", "d", "d"])
            await store.close()
        }
    }

    @Test func aChunkSentAgainIsStoredOnce() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let chunk = testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2])
            try await store.append(chunk, measurement: measurement)
            try await store.append(chunk, measurement: measurement)
            async let again1: Void = store.append(chunk, measurement: measurement)
            async let again2: Void = store.append(chunk, measurement: measurement)
            _ = try await (again1, again2)
            #expect(try await store.allPoints(of: measurement).count == 2)
            #expect(try await store.dataIDs(of: measurement).map(\.pointCount) == [2])
            // The same sequence number of another stream is another chunk.
            try await store.append(testChunk(stream: streamB, 1, measurement: measurement, times: [3]), measurement: measurement)
            #expect(try await store.allPoints(of: measurement).count == 3)
            await store.close()
        }
    }

    @Test func rangesIncludeTheirStartAndExcludeTheirEnd() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [0, 10, 20, 30]), measurement: measurement)
            try await store.append(testChunk(stream: streamA, 2, measurement: measurement, times: [40, 50]), measurement: measurement)
            #expect(try await store.allPoints(of: measurement, in: 10..<40).map(\.dataPoint.elapsedTime) == [10, 20, 30])
            #expect(try await store.allPoints(of: measurement, in: 35..<100).map(\.dataPoint.elapsedTime) == [40, 50])
            #expect(try await store.allPoints(of: measurement, in: 21..<30).isEmpty)
            #expect(try await store.allPoints(of: measurement, in: 10..<45, order: .descending, limit: 2).map(\.dataPoint.elapsedTime) == [40, 30])
            #expect(try await store.allPoints(of: measurement, limit: 3).map(\.dataPoint.elapsedTime) == [0, 10, 20])
            await store.close()
        }
    }

    @Test func filtersSelectDataIDsWithWildcards() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let speed = TelemetryDataID(name: "1/speed", type: "float64")
            let count = TelemetryDataID(name: "1/count", type: "int64")
            let frame = TelemetryDataID(name: "2/frame", type: "jpeg")
            try await store.append(
                TelemetryChunk(
                    upstream: TelemetryUpstream(streamID: streamA, sessionID: "m", sourceNodeID: "e"), sequenceNumber: 1,
                    groups: [
                        TelemetryDataPointGroup(dataID: speed, dataPoints: [TelemetryDataPoint(elapsedTime: 1, payload: [1])]),
                        TelemetryDataPointGroup(dataID: count, dataPoints: [TelemetryDataPoint(elapsedTime: 2, payload: [2])]),
                        TelemetryDataPointGroup(dataID: frame, dataPoints: [TelemetryDataPoint(elapsedTime: 3, payload: [3])]),
                    ]
                ),
                measurement: measurement
            )
            #expect(
                try await store.allPoints(of: measurement, dataIDs: [TelemetryDataFilter(name: "1/#", type: "#")]).map(\.dataID) == [speed, count])
            #expect(
                try await store.allPoints(
                    of: measurement, dataIDs: [TelemetryDataFilter(name: "+/frame", type: "jpeg"), TelemetryDataFilter(name: "#", type: "int64")]
                ).map(\.dataID) == [count, frame])
            #expect(try await store.allPoints(of: measurement, dataIDs: []).isEmpty)
            let summaries = try await store.dataIDs(of: measurement)
            #expect(summaries.map(\.dataID) == [count, speed, frame])
            #expect(summaries.map(\.pointCount) == [1, 1, 1])
            await store.close()
        }
    }

    @Test func dataIDSummariesAccumulateAcrossChunks() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [50, 60]), measurement: measurement)
            try await store.append(testChunk(stream: streamA, 2, measurement: measurement, times: [-10, 55]), measurement: measurement)
            try await store.append(testChunk(stream: streamA, 3, measurement: measurement, times: [70]), measurement: measurement)
            let summary = try #require(try await store.dataIDs(of: measurement).first)
            #expect(summary.pointCount == 5)
            #expect(summary.firstElapsedTime == -10)
            #expect(summary.lastElapsedTime == 70)
            await store.close()
        }
    }

    @Test func concurrentAppendsToOneMeasurementAreAllStoredInBatches() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let measurement = measurement
            try await withThrowingTaskGroup(of: Void.self) { group in
                for stream in 0..<8 {
                    let streamID = UUID()
                    group.addTask {
                        for sequence in 1...25 {
                            let time = Int64(sequence * 100 + stream)
                            try await store.append(
                                testChunk(stream: streamID, UInt32(sequence), measurement: measurement, times: [time]), measurement: measurement)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let times = try await store.allPoints(of: measurement).map(\.dataPoint.elapsedTime)
            #expect(times.count == 200)
            #expect(times == times.sorted())
            #expect(Set(times).count == 200)
            await store.close()
        }
    }

    @Test func differentMeasurementsKeepTheirOwnPoints() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let other = UUID()
            async let first: Void = store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1]), measurement: measurement)
            async let second: Void = store.append(testChunk(stream: streamA, 1, measurement: other, times: [2]), measurement: other)
            _ = try await (first, second)
            #expect(try await store.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1])
            #expect(try await store.allPoints(of: other).map(\.dataPoint.elapsedTime) == [2])
            await store.close()
        }
    }

    @Test func manyChunksStreamAcrossIndexPagesAndSegments() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store(segmentSize: 4096)
            for sequence in 1...300 {
                let base = Int64(sequence) * 10
                try await store.append(
                    testChunk(stream: streamA, UInt32(sequence), measurement: measurement, times: [base, base + 1, base + 2]),
                    measurement: measurement)
            }
            let segments = try FileManager.default.contentsOfDirectory(atPath: TelemetryDataStore.directory(of: measurement, in: fixture.directory))
            #expect(segments.count > 5)
            var count = 0
            var last = Int64.min
            for try await point in store.points(measurement: measurement) {
                #expect(point.dataPoint.elapsedTime > last)
                last = point.dataPoint.elapsedTime
                count += 1
            }
            #expect(count == 900)
            let descending = try await store.allPoints(of: measurement, in: 1000..<2000, order: .descending)
            #expect(descending.first?.dataPoint.elapsedTime == 1992)
            #expect(descending.count == 300)
            await store.close()
        }
    }

    @Test func chunksLargerThanABatchOfOverlappingStreamsComeInOrderInBoundedBatches() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let even = TelemetryDataID(name: "1/even", type: "int64")
            let odd = TelemetryDataID(name: "1/odd", type: "int64")
            // Each chunk holds two groups whose times interleave, so its points need ordering;
            // stream B's chunks overlap stream A's, so chunks are merged with what is buffered.
            let size = Int64(TelemetryPointCursor.batchSize) * 3 / 2
            var expected: [(time: Int64, name: String)] = []
            for sequence in 0..<4 {
                for (stream, offset) in [(streamA, Int64(0)), (streamB, size)] {
                    let base = Int64(sequence) * 2 * size + offset / 2 * 2
                    let times = (0..<size).map { base + $0 * 2 + (stream == streamB ? 1 : 0) }
                    let groups = [even, odd].enumerated().map { index, dataID in
                        TelemetryDataPointGroup(
                            dataID: dataID,
                            dataPoints: times.enumerated().filter { $0.offset % 2 == index }.map {
                                TelemetryDataPoint(elapsedTime: $0.element, payload: testPayload($0.element))
                            }
                        )
                    }
                    let upstream = TelemetryUpstream(streamID: stream, sessionID: measurement.uuidString.lowercased(), sourceNodeID: "edge")
                    try await store.append(
                        TelemetryChunk(upstream: upstream, sequenceNumber: UInt32(sequence + 1), groups: groups), measurement: measurement)
                    expected += groups.flatMap { group in group.dataPoints.map { ($0.elapsedTime, group.dataID.name) } }
                }
            }
            for order in [TelemetryQueryOrder.ascending, .descending] {
                let (read, batchSizes) = try await store.pointsInBatches(of: measurement, order: order)
                let sorted = expected.sorted { order == .ascending ? $0.time < $1.time : $0.time > $1.time }
                #expect(read.map(\.dataPoint.elapsedTime) == sorted.map(\.time))
                #expect(read.map(\.dataID.name) == sorted.map(\.name))
                #expect(read.allSatisfy { Array($0.dataPoint.payload) == testPayload($0.dataPoint.elapsedTime) })
                #expect(batchSizes.allSatisfy { $0 <= TelemetryPointCursor.batchSize })
                #expect(batchSizes.count > expected.count / TelemetryPointCursor.batchSize)
            }
            await store.close()
        }
    }

    @Test func smallChunksOfOverlappingStreamsAreGatheredIntoFullBatchesInOrderBothWays() async throws {
        try await DataStoreFixture.with { fixture in
            // Chunks of four points, as a device streaming live sends them, in several segment
            // files; stream B's chunks interleave with stream A's.
            let store = fixture.store(segmentSize: 16_384)
            var expected: [Int64] = []
            for sequence in 0..<200 {
                let base = Int64(sequence) * 8
                for (stream, first) in [(streamA, base), (streamB, base + 1)] {
                    let times = (0..<4).map { first + Int64($0) * 2 }
                    try await store.append(
                        testChunk(stream: stream, UInt32(sequence + 1), measurement: measurement, times: times), measurement: measurement)
                    expected += times
                }
            }
            let segments = try FileManager.default.contentsOfDirectory(atPath: TelemetryDataStore.directory(of: measurement, in: fixture.directory))
            #expect(segments.count > 2)
            for order in [TelemetryQueryOrder.ascending, .descending] {
                let (read, batchSizes) = try await store.pointsInBatches(of: measurement, order: order)
                #expect(read.map(\.dataPoint.elapsedTime) == (order == .ascending ? expected.sorted() : expected.sorted().reversed()))
                #expect(read.allSatisfy { Array($0.dataPoint.payload) == testPayload($0.dataPoint.elapsedTime) })
                #expect(batchSizes == [TelemetryPointCursor.batchSize, expected.count - TelemetryPointCursor.batchSize])
            }
            await store.close()
        }
    }

    @Test func aTornTailIsCutOffWhenTheMeasurementIsWrittenAgain() async throws {
        try await DataStoreFixture.with { fixture in
            let first = fixture.store()
            try await first.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2]), measurement: measurement)
            await first.close()
            let path = fixture.segmentPath(0, of: measurement)
            let acknowledged = try fixture.size(of: path)
            // A crash in the middle of the next write: half a record, never indexed.
            let torn = try Array(
                TelemetryChunkRecord(
                    streamID: streamA, sequenceNumber: 2, groups: testChunk(stream: streamA, 2, measurement: measurement, times: [3]).groups
                ).encoded().prefix(20))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(torn))
            try handle.close()
            // A segment after the last indexed one, also never acknowledged.
            #expect(FileManager.default.createFile(atPath: fixture.segmentPath(1, of: measurement), contents: Data([1, 2, 3])))

            let restarted = fixture.store()
            #expect(try await restarted.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1, 2])
            try await restarted.append(testChunk(stream: streamA, 2, measurement: measurement, times: [3]), measurement: measurement)
            #expect(try await restarted.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1, 2, 3])
            #expect(!FileManager.default.fileExists(atPath: fixture.segmentPath(1, of: measurement)))
            let expected =
                acknowledged
                + (try TelemetryChunkRecord(
                    streamID: streamA, sequenceNumber: 2, groups: testChunk(stream: streamA, 2, measurement: measurement, times: [3]).groups
                ).encoded().count)
            #expect(try fixture.size(of: path) == expected)
            await restarted.close()
        }
    }

    @Test func aChangedRecordFailsTheQueryWithItsPlace() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2]), measurement: measurement)
            await store.close()
            let path = fixture.segmentPath(0, of: measurement)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            bytes[bytes.count - 3] ^= 0xff
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            await #expect {
                _ = try await store.allPoints(of: measurement)
            } throws: { error in
                guard case .corruptRecord(let reason) = error as? TelemetryDataStoreError else { return false }
                return reason.contains("checksum") && reason.contains("segment 0")
            }
        }
    }

    @Test func deleteRemovesTheFilesAndTheIndex() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            let other = UUID()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1]), measurement: measurement)
            try await store.append(testChunk(stream: streamA, 1, measurement: other, times: [1]), measurement: other)
            try await store.delete(measurement: measurement)
            #expect(!FileManager.default.fileExists(atPath: TelemetryDataStore.directory(of: measurement, in: fixture.directory)))
            #expect(try await store.allPoints(of: measurement).isEmpty)
            #expect(try await store.dataIDs(of: measurement).isEmpty)
            #expect(try await store.allPoints(of: other).count == 1)
            // The measurement can be written again from scratch.
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: [7]), measurement: measurement)
            #expect(try await store.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [7])
            await store.close()
        }
    }

    @Test func chunksWithoutPointsAreNotStored() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            try await store.append(testChunk(stream: streamA, 1, measurement: measurement, times: []), measurement: measurement)
            #expect(try await store.dataIDs(of: measurement).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: fixture.segmentPath(0, of: measurement)))
            await store.close()
        }
    }
}
