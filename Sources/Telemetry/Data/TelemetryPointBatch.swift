import Foundation

/// A batch of a query's points as the store's cursor hands them over: the records they were
/// read from and, for each point in order, where it lies in them.
///
/// A ``Point`` holds no reference, so a reader that goes through a batch (the `GET /v1/data`
/// writers) moves plain values and makes nothing per point; ``subscript(_:)`` makes the
/// ``TelemetryStoredDataPoint`` of a point for readers that want one.
struct TelemetryPointBatch: Sendable {
    /// A stored record whose points the batch holds.
    struct Record: Sendable {
        /// The record's bytes.
        let bytes: [UInt8]
        /// The data ids of its groups, in the record's order.
        let dataIDs: [TelemetryDataID]
        /// When the chunk was stored.
        let receivedAt: Date
    }

    /// One point: its elapsed time and where it lies.
    struct Point: Sendable {
        /// Nanoseconds since the measurement's base time.
        let elapsedTime: Int64
        /// Its record in ``TelemetryPointBatch/records``.
        let record: Int32
        /// Its group in the record.
        let group: Int32
        /// Where its payload starts in the record's bytes.
        let payloadStart: Int32
        /// Its payload's length.
        let payloadCount: Int32

        /// The positions of its payload's bytes in the record.
        var payload: Range<Int> { Int(payloadStart)..<(Int(payloadStart) + Int(payloadCount)) }
    }

    /// The records the points lie in.
    let records: [Record]
    /// The points, in the query's order.
    let points: [Point]

    /// A batch of no points: the query has no more.
    static let empty = TelemetryPointBatch(records: [], points: [])

    /// Whether the batch has no points.
    var isEmpty: Bool { points.isEmpty }

    /// The data id of `point`.
    func dataID(of point: Point) -> TelemetryDataID {
        records[Int(point.record)].dataIDs[Int(point.group)]
    }

    /// What `body` makes of the payload of `point`, lent as raw bytes.
    func withPayload<Result>(of point: Point, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        records[Int(point.record)].bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[point.payload])) }
    }

    /// The point at `index` as a stored point; its payload shares the record's bytes.
    subscript(index: Int) -> TelemetryStoredDataPoint {
        let point = points[index]
        let record = records[Int(point.record)]
        return TelemetryStoredDataPoint(
            dataID: record.dataIDs[Int(point.group)],
            dataPoint: TelemetryDataPoint(elapsedTime: point.elapsedTime, payload: record.bytes[point.payload]),
            receivedAt: record.receivedAt
        )
    }
}
