import Foundation
import HTTPSupport
import Hummingbird

/// The sequences of a measurement, under the group `/intdash/api` that authenticates its
/// requests. A sequence is one stream that stores into the measurement (an iSCP v2 upstream,
/// an iSCP 1.0 upstream, a REST upload); its UUID is the stream id, as in
/// `POST /v1/measurements/sequences/chunks`.
///
/// - `GET /v1/measurements/{uuid}/sequences` → `{"items": [sequence…]}`, oldest first.
/// - `GET /v1/measurements/{uuid}/sequences/{sequence}` → the sequence
///   (``IntdashSequenceResource``), 404 when it has stored nothing and declared nothing.
/// - `PUT /v1/measurements/{uuid}/sequences/{sequence}` with `{expected_data_points?,
///   final_sequence_number?}` records what the client says the sequence holds (intdash's
///   clients do it when they close an upstream), so that what is missing can be told; the
///   answer is the sequence.
///
/// The caller must be able to see the measurement (404 otherwise), as for storing into it.
struct IntdashSequenceRoutes: Sendable {
    /// The stored data, which counts what each sequence stored.
    let store: TelemetryDataStore
    /// The measurements, with the visibility rule.
    let measurements: any MeasurementDirectory

    /// Adds the routes to `api`.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/measurements/:uuid/sequences") { _, context in
            let entry = try await visibleMeasurement(context)
            let sequences = try await store.sequences(of: entry.uuid)
            return IntdashItemList(items: sequences.map(IntdashSequenceResource.init))
        }
        api.get("v1/measurements/:uuid/sequences/:sequence") { _, context in
            let entry = try await visibleMeasurement(context)
            return IntdashSequenceResource(try await sequence(try Self.sequenceID(context), of: entry))
        }
        api.put("v1/measurements/:uuid/sequences/:sequence") { request, context in
            let entry = try await visibleMeasurement(context)
            let streamID = try Self.sequenceID(context)
            let body = try await IntdashBody.read(request)
            let expected = try Self.count(body, "expected_data_points")
            let final = try Self.count(body, "final_sequence_number")
            guard expected != nil || final != nil else {
                throw APIError(.badRequest, "give expected_data_points, final_sequence_number or both")
            }
            try await store.declare(measurement: entry.uuid, streamID: streamID, expectedDataPoints: expected, finalSequenceNumber: final)
            return IntdashSequenceResource(try await sequence(streamID, of: entry))
        }
    }

    /// The sequence `streamID` of `entry`, or 404.
    private func sequence(_ streamID: UUID, of entry: MeasurementDirectoryEntry) async throws -> TelemetrySequence {
        guard let sequence = try await store.sequence(streamID, of: entry.uuid) else {
            throw APIError(.notFound, "measurement \(entry.uuid.uuidString.lowercased()) has no sequence \(streamID.uuidString.lowercased())")
        }
        return sequence
    }

    /// The measurement the path names, or 404 when the caller may not see it.
    private func visibleMeasurement(_ context: ChanceryRequestContext) async throws -> MeasurementDirectoryEntry {
        let text = try context.parameters.require("uuid")
        guard let uuid = UUID(uuidString: text),
            let entry = try await measurements.measurement(uuid, visibleTo: try context.requirePrincipal())
        else { throw APIError(.notFound, "no measurement '\(text)'") }
        return entry
    }

    /// The sequence UUID the path names; a path that holds no UUID names no sequence (404).
    private static func sequenceID(_ context: ChanceryRequestContext) throws -> UUID {
        let text = try context.parameters.require("sequence")
        guard let uuid = UUID(uuidString: text) else { throw APIError(.notFound, "no sequence '\(text)'") }
        return uuid
    }

    /// Member `key` of `body`: a count, from 0 to 2⁶³ − 1.
    private static func count(_ body: IntdashBody, _ key: String) throws -> Int? {
        guard let value = try body.integer(key) else { return nil }
        guard value >= 0 else { throw APIError(.badRequest, "\(key) must not be negative") }
        return Int(value)
    }
}
