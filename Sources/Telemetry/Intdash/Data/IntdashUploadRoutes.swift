import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import ISCP
import NIOCore
import SwiftProtobuf

/// The REST paths by which edges store data without a WebSocket, under the group
/// `/intdash/api` that authenticates its requests:
///
/// - `POST /v1/measurements/{uuid}/data`: a body of iSCP 1.0 elements, `SOS Unit* EOS` per
///   section (intdash-py's `units.store`); the answer is one `SectionAck` element per section.
/// - `POST /v1/measurements/data`: a `pb.StoreProto` (intdash-py's `data_points.store`); the
///   answer is `SectionAck` elements (stream 1), one per section.
/// - `POST /v1/measurements/sequences/chunks`: a `pb.StoreDataChunks`, chunks an iSCP v2
///   upstream re-sends; the sequence UUID is the stream id, so a chunk sent again is stored
///   once. The answer is `{"meas_uuid", "sequence_uuid", "sequence_numbers": [stored…]}`.
///
/// Every section becomes one ``TelemetryChunk`` given to the recorder, which answers only once
/// it is durable; base-time units set the measurement's base times; a final section (EOS
/// final flag, `meas_end`) ends the measurement. The iSCP 1.0 and StoreProto uploads get a
/// fresh stream id per request, because intdash-py numbers every `data_points.store` call
/// section 0: a retried request is therefore stored twice, while two different calls are both
/// kept. The caller must be able to see the measurement (404 otherwise); bodies that do not
/// decode are 400.
struct IntdashUploadRoutes: Sendable {
    /// Where the data goes.
    let recording: any TelemetryRecording
    /// The measurements, with the visibility rule.
    let measurements: any MeasurementDirectory

    /// The largest upload body accepted.
    static let maximumBodySize = 64 << 20

    /// Adds the routes to `api`.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.post("v1/measurements/sequences/chunks") { request, context in
            let message = try IntdashStoreDataChunks(serializedBytes: try await Self.body(of: request), as: IntdashStoreDataChunks.self)
            guard let measurement = UUID(uuidString: message.measUuid) else {
                throw APIError(.badRequest, "meas_uuid '\(message.measUuid)' is not a UUID")
            }
            guard let sequence = UUID(uuidString: message.sequenceUuid) else {
                throw APIError(.badRequest, "sequence_uuid '\(message.sequenceUuid)' is not a UUID")
            }
            let entry = try await visibleMeasurement(measurement, context: context)
            let upstream = Self.upstream(streamID: sequence, entry: entry)
            for chunk in message.chunks {
                let groups = chunk.dataPointGroups.map { group in
                    TelemetryDataPointGroup(
                        dataID: TelemetryDataID(name: group.dataID.name, type: group.dataID.type),
                        dataPoints: group.dataPoints.map { TelemetryDataPoint(elapsedTime: $0.elapsedTime, payload: [UInt8]($0.payload)) }
                    )
                }
                try await record(TelemetryChunk(upstream: upstream, sequenceNumber: chunk.sequenceNumber, groups: groups))
            }
            return IntdashUploadReceipt(
                measurementUUID: upstream.sessionID, sequenceUUID: sequence.uuidString.lowercased(),
                sequenceNumbers: message.chunks.map { Int($0.sequenceNumber) }
            )
        }
        api.post("v1/measurements/data") { request, context in
            let message = try IntdashStoreProto(serializedBytes: try await Self.body(of: request), as: IntdashStoreProto.self)
            guard let measurement = UUID(uuidString: message.measUuid) else {
                throw APIError(.badRequest, "meas_uuid '\(message.measUuid)' is not a UUID")
            }
            let entry = try await visibleMeasurement(measurement, context: context)
            return try await store(try Self.sections(of: message), in: entry)
        }
        api.post("v1/measurements/:uuid/data") { request, context in
            let text = try context.parameters.require("uuid")
            guard let measurement = UUID(uuidString: text) else { throw APIError(.notFound, "no measurement '\(text)'") }
            let entry = try await visibleMeasurement(measurement, context: context)
            return try await store(try Self.sections(ofISCP1Body: try await Self.body(of: request)), in: entry)
        }
    }

    /// Stores `sections` in measurement `entry` and answers their `SectionAck` elements.
    private func store(_ sections: [IntdashUploadSection], in entry: MeasurementDirectoryEntry) async throws -> Response {
        let streamID = UUID()
        let upstream = Self.upstream(streamID: streamID, entry: entry)
        var acknowledgements: [ISCP1Element] = []
        for section in sections {
            let (groups, baseTimes) = section.contents(sessionID: upstream.sessionID)
            for baseTime in baseTimes { try await recording.record(baseTime) }
            try await record(TelemetryChunk(upstream: upstream, sequenceNumber: section.serialNumber, groups: groups))
            if section.isFinal { try await recording.endSession(upstream.sessionID) }
            acknowledgements.append(.sectionAck(ISCP1SectionAck(streamID: section.streamID, resultCode: .ok, serialNumber: section.serialNumber)))
        }
        return Response(
            status: .ok, headers: [.contentType: "application/octet-stream"],
            body: .init(byteBuffer: ByteBuffer(bytes: Self.encode(acknowledgements)))
        )
    }

    /// Gives `chunk` to the recorder, unless it has no points; a refusal is 403.
    private func record(_ chunk: TelemetryChunk) async throws {
        guard chunk.dataPointCount > 0 else { return }
        do {
            try await recording.record(chunk)
        } catch let error as TelemetryRecordingError {
            throw APIError(.forbidden, error.description)
        }
    }

    /// The measurement, or 404 when the caller may not see it.
    private func visibleMeasurement(_ uuid: UUID, context: ChanceryRequestContext) async throws -> MeasurementDirectoryEntry {
        guard let entry = try await measurements.measurement(uuid, visibleTo: try context.requirePrincipal()) else {
            throw APIError(.notFound, "no measurement \(uuid.uuidString.lowercased())")
        }
        return entry
    }

    /// The upstream a REST upload to `entry` stands for.
    private static func upstream(streamID: UUID, entry: MeasurementDirectoryEntry) -> TelemetryUpstream {
        TelemetryUpstream(streamID: streamID, sessionID: entry.uuid.uuidString.lowercased(), sourceNodeID: entry.edgeUUID)
    }

    /// The request body, up to ``maximumBodySize`` bytes.
    private static func body(of request: Request) async throws -> [UInt8] {
        var request = request
        let buffer = try await request.collectBody(upTo: maximumBodySize)
        return Array(buffer.readableBytesView)
    }

    /// The sections of an iSCP 1.0 body, mapping the decoder's typed error in a synchronous
    /// function (see the compiler trap in the project rules).
    private static func sections(ofISCP1Body body: [UInt8]) throws -> [IntdashUploadSection] {
        try IntdashUploadSection.sections(ofISCP1Body: body)
    }

    /// The sections of a `StoreProto`.
    private static func sections(of message: IntdashStoreProto) throws -> [IntdashUploadSection] {
        try IntdashUploadSection.sections(of: message)
    }

    /// The acknowledgements as bytes; section acks always encode.
    private static func encode(_ elements: [ISCP1Element]) -> [UInt8] {
        (try? ISCP1Encoder().encode(elements)) ?? []
    }
}

extension SwiftProtobuf.Message {
    /// Decodes `bytes`, or throws a 400 ``HTTPSupport/APIError`` that names the message.
    fileprivate init(serializedBytes bytes: [UInt8], as type: Self.Type) throws {
        do {
            try self.init(serializedBytes: bytes)
        } catch {
            throw APIError(.badRequest, "the body is not a valid \(Self.protoMessageName) protobuf message: \(error)")
        }
    }
}
