import ChanceryTestSupport
import Foundation
import Logging
import SQLKit
import Storage
import Testing

@testable import Telemetry

/// Shared segments: the points of instances that share a database and a blob store but no disk.
/// Each test opens two stores over one database, as two instances would.
@Suite struct TelemetrySharedSegmentsTests {
    let measurement = UUID()
    let streamA = UUID()
    let streamB = UUID()

    @Test(arguments: TestBlobStore.available)
    func pointsAppendedThroughEitherInstanceAreReadThroughBoth(backend: TestBlobStore) async throws {
        try await Self.withInstances(backend) { fixture, first, second, _ in
            try await first.append(testChunk(stream: streamA, 1, measurement: measurement, times: [0, 40, 80]), measurement: measurement)
            try await second.append(testChunk(stream: streamB, 1, measurement: measurement, times: [20, 60, 100]), measurement: measurement)
            try await first.append(testChunk(stream: streamA, 2, measurement: measurement, times: [120, 90]), measurement: measurement)
            try await second.append(testChunk(stream: streamA, 3, measurement: measurement, times: [130]), measurement: measurement)
            let expected: [Int64] = [0, 20, 40, 60, 80, 90, 100, 120, 130]
            for store in [first, second] {
                #expect(try await store.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == expected)
                #expect(try await store.allPoints(of: measurement, order: .descending).map(\.dataPoint.elapsedTime) == expected.reversed())
                #expect(try await store.dataIDs(of: measurement).map(\.pointCount) == [expected.count])
            }
            // No segment file: every record is in the database until it is sealed.
            #expect(!FileManager.default.fileExists(atPath: TelemetryDataStore.directory(of: measurement, in: fixture.directory)))
            #expect(try await Self.stagedRecordCount(in: fixture.database) == 4)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func aChunkSentAgainThroughTheOtherInstanceIsStoredOnce(backend: TestBlobStore) async throws {
        try await Self.withInstances(backend) { _, first, second, _ in
            let chunk = testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2])
            try await first.append(chunk, measurement: measurement)
            async let again: Void = second.append(chunk, measurement: measurement)
            async let andAgain: Void = first.append(chunk, measurement: measurement)
            _ = try await (again, andAgain)
            #expect(try await second.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1, 2])
            #expect(try await first.dataIDs(of: measurement).map(\.pointCount) == [2])
        }
    }

    @Test(arguments: TestBlobStore.available)
    func sealedSegmentsReadTheSameFromTheBlobStore(backend: TestBlobStore) async throws {
        try await Self.withInstances(backend) { fixture, first, second, sealer in
            var expected: [Int64] = []
            for sequence in UInt32(1)...40 {
                let times = (0..<5).map { Int64(sequence) * 100 + Int64($0) }
                let store = sequence.isMultiple(of: 2) ? first : second
                try await store.append(
                    testChunk(stream: sequence.isMultiple(of: 3) ? streamA : streamB, sequence, measurement: measurement, times: times),
                    measurement: measurement)
                expected += times
            }
            let before = try await first.allPoints(of: measurement)
            #expect(before.map(\.dataPoint.elapsedTime) == expected)
            #expect(try await sealer.sealIdleSegments(idleFor: .zero) >= 1)
            #expect(try await Self.stagedRecordCount(in: fixture.database) == 0)
            let segments = try await Self.segments(in: fixture.database)
            #expect(!segments.isEmpty && segments.allSatisfy { $0.digest != nil })
            for store in [first, second] {
                let after = try await store.allPoints(of: measurement)
                #expect(after.map(\.dataPoint.elapsedTime) == expected)
                #expect(after.map { Array($0.dataPoint.payload) } == expected.map(testPayload))
                #expect(try await store.allPoints(of: measurement, order: .descending).map(\.dataPoint.elapsedTime) == expected.reversed())
                #expect(
                    try await store.allPoints(of: measurement, in: 1_000..<2_003).map(\.dataPoint.elapsedTime)
                        == expected.filter { (1_000..<2_003).contains($0) })
                #expect(try await store.allPoints(of: measurement, limit: 7).map(\.dataPoint.elapsedTime) == Array(expected.prefix(7)))
            }
            // Appends after sealing start a new segment, staged again, and read with the rest.
            try await first.append(testChunk(stream: streamA, 41, measurement: measurement, times: [5_000]), measurement: measurement)
            #expect(try await Self.stagedRecordCount(in: fixture.database) == 1)
            #expect(try await second.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == expected + [5_000])
        }
    }

    @Test(arguments: TestBlobStore.available)
    func aFullSegmentIsClosedSoTheNextBatchStartsAnother(backend: TestBlobStore) async throws {
        try await Self.withInstances(backend, segmentSize: 1) { fixture, first, second, sealer in
            try await first.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1]), measurement: measurement)
            try await second.append(testChunk(stream: streamA, 2, measurement: measurement, times: [2]), measurement: measurement)
            try await first.append(testChunk(stream: streamA, 3, measurement: measurement, times: [3]), measurement: measurement)
            #expect(try await Self.chunkSegments(in: fixture.database) == [0, 1, 2])
            // Each was closed on hand-over; whatever the background sealing did, one pass seals the rest.
            try await sealer.sealIdleSegments(idleFor: .seconds(3_600))
            #expect(try await Self.segments(in: fixture.database).map(\.segment) == [0, 1, 2])
            #expect(try await Self.segments(in: fixture.database).allSatisfy { $0.digest != nil })
            #expect(try await second.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1, 2, 3])
        }
    }

    @Test(arguments: TestBlobStore.available)
    func aSegmentClosedButNotSealedIsSealedByAnyInstanceLater(backend: TestBlobStore) async throws {
        try await Self.withInstances(backend) { fixture, first, second, sealer in
            try await first.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2]), measurement: measurement)
            // An instance stopped between closing the segment and sealing it.
            #expect(try await TelemetryChunkIndex(database: fixture.database).close(0, of: measurement) == nil)
            try await second.append(testChunk(stream: streamA, 2, measurement: measurement, times: [3]), measurement: measurement)
            #expect(try await Self.chunkSegments(in: fixture.database) == [0, 1])
            // Not idle, but closed: sealed now.
            #expect(try await sealer.sealIdleSegments(idleFor: .seconds(3_600)) == 1)
            let segments = try await Self.segments(in: fixture.database)
            #expect(segments.map(\.segment) == [0] && segments[0].digest != nil)
            #expect(try await first.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1, 2, 3])
        }
    }

    @Test(arguments: TestBlobStore.available)
    func deletingAMeasurementRemovesItsSealedBlobs(backend: TestBlobStore) async throws {
        try await Self.withInstances(backend) { fixture, first, second, sealer in
            try await first.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2]), measurement: measurement)
            try await sealer.sealIdleSegments(idleFor: .zero)
            let digest = try #require(try await Self.segments(in: fixture.database).first?.digest)
            #expect(try await fixture.blobs.size(of: BlobDigest(hex: digest)) != nil)
            try await second.delete(measurement: measurement)
            #expect(try await fixture.blobs.size(of: BlobDigest(hex: digest)) == nil)
            #expect(try await first.allPoints(of: measurement).isEmpty)
            #expect(try await Self.segments(in: fixture.database).isEmpty)
        }
    }

    @Test func pointsOfSegmentFilesStayReadableWhenTheDeploymentStartsSharing() async throws {
        try await Self.withInstances(.files) { fixture, first, _, _ in
            let alone = TelemetryDataStore(database: fixture.database, directory: fixture.directory)
            try await alone.append(testChunk(stream: streamA, 1, measurement: measurement, times: [1, 2]), measurement: measurement)
            await alone.close()
            try await first.append(testChunk(stream: streamA, 2, measurement: measurement, times: [3]), measurement: measurement)
            #expect(try await Self.chunkSegments(in: fixture.database) == [0, 1])
            #expect(try await first.allPoints(of: measurement).map(\.dataPoint.elapsedTime) == [1, 2, 3])
        }
    }

    /// A database, a blob store of `backend`, and two stores sharing segments over them.
    private static func withInstances(
        _ backend: TestBlobStore, segmentSize: Int? = nil,
        _ body: (
            _ fixture: (database: Database, blobs: any BlobStore, directory: String), TelemetryDataStore, TelemetryDataStore, TelemetrySegmentSealer
        ) async throws -> Void
    ) async throws {
        try await DataStoreFixture.with { fixture in
            try await backend.with { blobs, _ in
                let sealer = TelemetrySegmentSealer(database: fixture.database, blobs: blobs, logger: Logger(label: "test"))
                let stores = (0..<2).map { _ in
                    TelemetryDataStore(
                        database: fixture.database, directory: fixture.directory, blobs: blobs, sharedSegments: sealer, segmentSize: segmentSize)
                }
                try await body((fixture.database, blobs, fixture.directory), stores[0], stores[1], sealer)
                for store in stores { await store.close() }
            }
        }
    }

    /// How many index rows still carry their record's bytes.
    private static func stagedRecordCount(in database: Database) async throws -> Int {
        try await database.withReadConnection { sql in
            try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from("telemetry_chunks")
                .where(SQLColumn("record"), .isNot, SQLLiteral.null)
                .first(decodingColumn: "count", as: Int.self) ?? 0
        }
    }

    /// The segment of each index row, in the order of their sequence numbers.
    private static func chunkSegments(in database: Database) async throws -> [Int] {
        try await database.withReadConnection { sql in
            try await sql.select().column("segment").from("telemetry_chunks").orderBy("sequence_number").all(decodingColumn: "segment", as: Int.self)
        }
    }

    /// The rows of `telemetry_segments`, by segment.
    private static func segments(in database: Database) async throws -> [(segment: Int, digest: String?)] {
        try await database.withReadConnection { sql in
            try await sql.select().column("segment").column("digest").from("telemetry_segments").orderBy("segment").all()
                .map { (try $0.decode(column: "segment", as: Int.self), try $0.decode(column: "digest", as: String?.self)) }
        }
    }
}
