import Foundation

/// Where a stored chunk lies and what span of time it covers: one row of `telemetry_chunks`.
struct TelemetryChunkLocation: Hashable, Sendable {
    /// The number of the segment file that holds the record.
    let segment: Int
    /// Where the record starts in the file.
    let offset: Int
    /// The record's length in bytes, header included.
    let length: Int
    /// The earliest elapsed time of its points, in nanoseconds.
    let firstElapsedTime: Int64
    /// The latest elapsed time of its points, in nanoseconds.
    let lastElapsedTime: Int64
    /// When the server stored it.
    let receivedAt: Date
}
