import ChanceryTestSupport
import Foundation
import SQLKit
import Storage
import Testing

@testable import Telemetry

/// The longest chunk span of a measurement, which bounds where the chunk index's pages start.
@Suite struct TelemetryChunkSpanTests {
    let measurement = UUID()
    let longStream = UUID()
    let shortStream = UUID()

    @Test func aRangeFindsAChunkThatStartsOrEndsFarOutsideItBothWays() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            // Short chunks every 1,000 ns, one long chunk across all of them, then a chunk of
            // middling span: the longest span must stay the long chunk's.
            for index in 0..<40 {
                let time = Int64(index) * 1_000
                try await store.append(
                    testChunk(stream: shortStream, UInt32(index + 1), measurement: measurement, times: [time, time + 10]), measurement: measurement)
            }
            try await store.append(testChunk(stream: longStream, 1, measurement: measurement, times: [-5, 20_050, 60_000]), measurement: measurement)
            try await store.append(testChunk(stream: longStream, 2, measurement: measurement, times: [70_000, 70_500]), measurement: measurement)

            #expect(try await store.allPoints(of: measurement, in: 20_000..<20_100).map(\.dataPoint.elapsedTime) == [20_000, 20_010, 20_050])
            #expect(
                try await store.allPoints(of: measurement, in: 20_000..<20_100, order: .descending).map(\.dataPoint.elapsedTime)
                    == [20_050, 20_010, 20_000])
            #expect(try await store.allPoints(of: measurement, in: 59_000..<65_000).map(\.dataPoint.elapsedTime) == [60_000])
            #expect(try await store.allPoints(of: measurement, in: -10..<0, order: .descending).map(\.dataPoint.elapsedTime) == [-5])
            #expect(try await Self.longestSpan(of: measurement, in: fixture.database) == 60_005)
            // The extremes of the time line: bounds that would overflow are left out.
            #expect(try await store.allPoints(of: measurement, in: Int64.min..<(Int64.min + 1)).isEmpty)
            #expect(try await store.allPoints(of: measurement, in: (Int64.max - 1)..<Int64.max, order: .descending).isEmpty)
            #expect(try await store.allPoints(of: measurement).count == 85)
            #expect(try await store.allPoints(of: measurement, order: .descending).count == 85)

            try await store.delete(measurement: measurement)
            #expect(try await Self.longestSpan(of: measurement, in: fixture.database) == nil)
            await store.close()
        }
    }

    @Test func aChunkSpanningMoreThanAnInt64HoldsCountsAsTheWidest() async throws {
        try await DataStoreFixture.with { fixture in
            let store = fixture.store()
            try await store.append(
                testChunk(stream: longStream, 1, measurement: measurement, times: [Int64.min, 0, Int64.max]), measurement: measurement)
            #expect(try await Self.longestSpan(of: measurement, in: fixture.database) == Int64.max)
            #expect(try await store.allPoints(of: measurement, in: -1..<1).map(\.dataPoint.elapsedTime) == [0])
            #expect(try await store.allPoints(of: measurement, in: -1..<1, order: .descending).map(\.dataPoint.elapsedTime) == [0])
            await store.close()
        }
    }

    @Test func theMigrationFindsTheLongestSpanOfMeasurementsStoredBeforeIt() async throws {
        try await TestDatabase.with { database in
            let before = MigrationSet(module: TelemetryDataMigrations.all.module, migrations: Array(TelemetryDataMigrations.all.migrations.prefix(3)))
            try await database.migrate([before], logger: TestDatabase.logger)
            let other = UUID()
            let chunks: [(UUID, Int64, Int64)] = [
                (measurement, 0, 10), (measurement, 5, 905), (measurement, 1_000, 1_001),
                (other, -7, 7), (other, Int64.min, Int64.max), (other, Int64.min + 1, -1),
            ]
            try await database.withTransaction { sql in
                for (sequence, (owner, first, last)) in chunks.enumerated() {
                    try await sql.insert(into: "telemetry_chunks")
                        .columns(
                            "measurement_uuid", "stream_id", "sequence_number", "segment", "byte_offset", "byte_length",
                            "first_elapsed_ns", "last_elapsed_ns", "point_count", "received_at"
                        )
                        .values(
                            TelemetryChunkIndex.key(owner), TelemetryChunkIndex.key(longStream), Int64(sequence), 0, sequence * 100, 100,
                            first, last, 2, Date()
                        )
                        .run()
                }
            }
            #expect(try await database.migrate([TelemetryDataMigrations.all], logger: TestDatabase.logger) == ["telemetry-data v4"])
            #expect(try await Self.longestSpan(of: measurement, in: database) == 900)
            #expect(try await Self.longestSpan(of: other, in: database) == Int64.max)
        }
    }

    /// The longest chunk span recorded for `measurement`, or `nil` when none is.
    static func longestSpan(of measurement: UUID, in database: Database) async throws -> Int64? {
        try await database.withReadConnection { sql in
            try await sql.select().column("longest_ns").from("telemetry_chunk_spans")
                .where("measurement_uuid", .equal, TelemetryChunkIndex.key(measurement))
                .first(decodingColumn: "longest_ns", as: Int64.self)
        }
    }
}
