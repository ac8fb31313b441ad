import ChanceryTestSupport
import Foundation
import Storage

@testable import Telemetry

/// A fresh database with the data index tables and a data directory, on this run's engine.
struct DataStoreFixture {
    let database: Database
    /// The store's root directory, `<temporary>/telemetry`.
    let directory: String

    /// Runs `body` with a fresh fixture.
    static func with(_ body: (DataStoreFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([TelemetryDataMigrations.all], logger: TestDatabase.logger)
            try await TemporaryDirectory.with { directory in
                try await body(DataStoreFixture(database: database, directory: directory + "/telemetry"))
            }
        }
    }

    /// A store over the fixture; several may be opened one after the other, as restarts.
    func store(segmentSize: Int = TelemetryDataStore.defaultSegmentSize) -> TelemetryDataStore {
        TelemetryDataStore(database: database, directory: directory, segmentSize: segmentSize)
    }

    /// The path of segment `number` of `measurement`.
    func segmentPath(_ number: Int, of measurement: UUID) -> String {
        TelemetryDataStore.segmentPath(number, in: TelemetryDataStore.directory(of: measurement, in: directory))
    }

    /// The size of a file in bytes.
    func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }
}

/// Chunks for tests: `streamID`'s chunk `sequence` with points of `dataID` at `times` (ns),
/// each payload the time's big-endian bytes, so that a point says where it came from.
func testChunk(
    stream streamID: UUID, _ sequence: UInt32, measurement: UUID, dataID: TelemetryDataID = TelemetryDataID(name: "1/speed", type: "float64"),
    times: [Int64]
) -> TelemetryChunk {
    TelemetryChunk(
        upstream: TelemetryUpstream(streamID: streamID, sessionID: measurement.uuidString.lowercased(), sourceNodeID: "edge"),
        sequenceNumber: sequence,
        groups: [TelemetryDataPointGroup(dataID: dataID, dataPoints: times.map { TelemetryDataPoint(elapsedTime: $0, payload: testPayload($0)) })]
    )
}

/// The payload ``testChunk(stream:_:measurement:dataID:times:)`` gives the point at `time`.
func testPayload(_ time: Int64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: time) >> (56 - 8 * $0)) }
}

extension TelemetryDataStore {
    /// Every point a query gives, collected.
    func allPoints(
        of measurement: UUID, in range: Range<Int64> = Int64.min..<Int64.max, dataIDs: [TelemetryDataFilter]? = nil,
        order: TelemetryQueryOrder = .ascending, limit: Int? = nil
    ) async throws -> [TelemetryStoredDataPoint] {
        var collected: [TelemetryStoredDataPoint] = []
        for try await point in points(measurement: measurement, elapsedRange: range, dataIDs: dataIDs, order: order, limit: limit) {
            collected.append(point)
        }
        return collected
    }

    /// Every point of `measurement` in `order`, read a batch at a time, and how many points
    /// each batch held.
    func pointsInBatches(of measurement: UUID, order: TelemetryQueryOrder) async throws -> (points: [TelemetryStoredDataPoint], batchSizes: [Int]) {
        let cursor = points(measurement: measurement, elapsedRange: Int64.min..<Int64.max, dataIDs: nil, order: order, limit: nil)
        return try await collectBatches { try await cursor.nextBatch() }
    }
}

/// Every point of the batches `next` gives until it gives an empty one, and how many points
/// each batch held.
func collectBatches(
    _ next: () async throws -> TelemetryPointBatch
) async throws -> (points: [TelemetryStoredDataPoint], batchSizes: [Int]) {
    var read: [TelemetryStoredDataPoint] = []
    var batchSizes: [Int] = []
    while true {
        let batch = try await next()
        if batch.isEmpty { break }
        batchSizes.append(batch.points.count)
        read += batch.points.indices.map { batch[$0] }
    }
    return (read, batchSizes)
}
