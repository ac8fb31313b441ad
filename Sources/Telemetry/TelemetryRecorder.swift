import Foundation

/// How the realtime endpoints record: measurements in the catalog, points in the chunk files.
///
/// A session id is a measurement UUID. An upstream that stores into a session that has no
/// measurement yet creates it for its node (iSCP v2 clients bring their own UUIDs); one that
/// names another edge's measurement is refused. Every stored chunk also extends the
/// measurement's duration to the latest elapsed time it holds; a chunk, base time or end of a
/// measurement that no longer exists fails with ``CatalogError/measurementNotFound(_:)``, so
/// the endpoints refuse it instead of acknowledging it.
struct TelemetryRecorder: TelemetryRecording {
    /// The measurements.
    let measurements: MeasurementStore
    /// The stored points.
    let data: TelemetryDataStore

    func createMeasurement(edgeID: String) async throws -> UUID {
        let measurement = try await measurements.create(edgeUUID: edgeID)
        return try Self.measurementUUID(measurement.uuid)
    }

    func prepare(_ upstream: TelemetryUpstream) async throws {
        let uuid = try Self.measurementUUID(upstream.sessionID)
        do {
            let measurement = try await measurements.measurement(uuid: uuid.uuidString.lowercased())
            guard measurement.edgeUUID == upstream.sourceNodeID else {
                throw TelemetryRecordingError("measurement \(measurement.uuid) belongs to another edge than \(upstream.sourceNodeID)")
            }
        } catch CatalogError.measurementNotFound {
            do {
                try await measurements.create(edgeUUID: upstream.sourceNodeID, uuid: uuid)
            } catch CatalogError.measurementExists {
                // Another upstream of the session created it meanwhile: check it again.
                try await prepare(upstream)
            }
        }
    }

    /// Stores the chunk, then extends its measurement's duration. When the measurement is gone
    /// (deleted while its device was sending) the chunk is refused with
    /// ``CatalogError/measurementNotFound(_:)`` and whatever was just written for it is removed
    /// again, since the deletion may have run before the append.
    func record(_ chunk: TelemetryChunk) async throws {
        let uuid = try Self.measurementUUID(chunk.upstream.sessionID)
        try await data.append(chunk, measurement: uuid)
        let latest = chunk.groups.lazy.flatMap(\.dataPoints).map(\.elapsedTime).max() ?? 0
        do {
            try await measurements.extendDuration(uuid: uuid.uuidString.lowercased(), toElapsed: latest)
        } catch CatalogError.measurementNotFound(let missing) {
            try await data.delete(measurement: uuid)
            throw CatalogError.measurementNotFound(missing)
        }
    }

    func record(_ baseTime: TelemetryBaseTime) async throws {
        let uuid = try Self.measurementUUID(baseTime.sessionID)
        guard let type = BaseTimeType(rawValue: baseTime.name) else {
            throw TelemetryRecordingError("'\(baseTime.name)' is not a base time type (edge_rtc, ntp, gps, volatile, api_first_received or manual)")
        }
        try await measurements.setBaseTime(uuid: uuid.uuidString.lowercased(), type: type, basetime: baseTime.baseTime)
    }

    func endSession(_ sessionID: String) async throws {
        try await measurements.end(uuid: try Self.measurementUUID(sessionID).uuidString.lowercased())
    }

    func declare(_ upstream: TelemetryUpstream, totalDataPoints: UInt64, finalSequenceNumber: UInt32) async throws {
        try await data.declare(
            measurement: try Self.measurementUUID(upstream.sessionID), streamID: upstream.streamID,
            expectedDataPoints: Int(clamping: totalDataPoints), finalSequenceNumber: Int(finalSequenceNumber)
        )
    }

    func progress(of upstream: TelemetryUpstream) async throws -> TelemetryStreamProgress {
        try await data.progress(of: upstream.streamID, in: try Self.measurementUUID(upstream.sessionID))
    }

    /// The measurement UUID a session id spells.
    private static func measurementUUID(_ sessionID: String) throws -> UUID {
        guard let uuid = UUID(uuidString: sessionID) else {
            throw TelemetryRecordingError("session id '\(sessionID)' is not a measurement UUID")
        }
        return uuid
    }
}
