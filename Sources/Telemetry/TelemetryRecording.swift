import Foundation

/// What the realtime endpoints need from storage: measurements to write into, and appends that
/// are durable before they are acknowledged.
///
/// The capability backs it with the measurement catalog and the chunk files; the endpoints
/// only see this protocol, so that both protocols store data the same way.
public protocol TelemetryRecording: Sendable {
    /// Creates a measurement of the edge `edgeID` (a lowercase UUID), as iSCP 1.0's
    /// measurement ID request asks, and returns its UUID.
    func createMeasurement(edgeID: String) async throws -> UUID

    /// Checks that `upstream` may store into the measurement its session id names, creating
    /// the measurement (of the upstream's node) when the session id is a UUID no measurement
    /// has yet.
    ///
    /// - Throws: ``TelemetryRecordingError`` when the session id is not a UUID or names a
    ///   measurement of another edge.
    func prepare(_ upstream: TelemetryUpstream) async throws

    /// Stores `chunk` in its session's measurement and returns once it is on disk and indexed.
    /// A chunk whose stream and sequence number are already stored is not stored again.
    func record(_ chunk: TelemetryChunk) async throws

    /// Stores a base time of a session's measurement.
    func record(_ baseTime: TelemetryBaseTime) async throws

    /// Marks the session's measurement as ended: its device sent the last data.
    func endSession(_ sessionID: String) async throws

    /// Records what a closing upstream says it sent: `totalDataPoints` points, the last chunk
    /// numbered `finalSequenceNumber` (its sequence's expectations, `GET …/sequences`).
    func declare(_ upstream: TelemetryUpstream, totalDataPoints: UInt64, finalSequenceNumber: UInt32) async throws

    /// What of `upstream` is stored, for an instance that takes the upstream over from another.
    func progress(of upstream: TelemetryUpstream) async throws -> TelemetryStreamProgress
}

/// Why an upstream may not store what it sends.
public struct TelemetryRecordingError: Error, Hashable, CustomStringConvertible {
    /// A sentence that says what is wrong.
    public let description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
