import Foundation

/// Where a stored chunk lies and what span of time it covers: one row of `telemetry_chunks`.
struct TelemetryChunkLocation: Hashable, Sendable {
    /// The number of the segment that holds the record: a segment file of the instance that
    /// wrote it, or a shared segment (``TelemetryDataMigrations``).
    let segment: Int
    /// Where the record starts in the segment.
    let offset: Int
    /// The record's length in bytes, header included.
    let length: Int
    /// The earliest elapsed time of its points, in nanoseconds.
    let firstElapsedTime: Int64
    /// The latest elapsed time of its points, in nanoseconds.
    let lastElapsedTime: Int64
    /// When the server stored it.
    let receivedAt: Date
    /// The record's bytes while its shared segment is not sealed yet; `nil` when they lie in a
    /// segment file or a sealed segment's blob.
    var record: [UInt8]? = nil

    /// How many nanoseconds lie between its first and its last point, or `Int64.max` when
    /// that is more than an `Int64` holds.
    var span: Int64 {
        let (span, overflowed) = lastElapsedTime.subtractingReportingOverflow(firstElapsedTime)
        return overflowed ? Int64.max : span
    }
}
