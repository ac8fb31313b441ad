import Crypto
import Foundation
import HTTPTypes
import JSON

/// The JSON shapes of the catalog in the intdash API.
///
/// One shape per resource serves both the legacy (`/v1/…`) and the current (`/auth/…`)
/// endpoints: it has every member intdash-py 2.1.1 and the Swift SDK read, plus the current
/// API's additions.
public enum IntdashJSON {
    /// An edge: `{uuid, name, nickname, description, type, disabled, created_at, updated_at,
    /// last_login_at, last_lived_at, owner?: {user_uuid}, client_secret?}`.
    public static func edge(_ edge: Edge, clientSecret: String? = nil) -> JSONValue {
        var members: [String: JSONValue] = [
            "uuid": .string(edge.uuid),
            "name": .string(edge.name),
            "nickname": .string(edge.nickname),
            "description": .string(edge.description),
            "type": .string(edge.type.rawValue),
            "disabled": .bool(edge.disabled),
            "created_at": .string(IntdashTimestamp.string(edge.createdAt)),
            "updated_at": .string(IntdashTimestamp.string(edge.updatedAt)),
            "last_login_at": edge.lastLoginAt.map { .string(IntdashTimestamp.string($0)) } ?? .null,
            "last_lived_at": edge.lastLoginAt.map { .string(IntdashTimestamp.string($0)) } ?? .null,
        ]
        if let owner = edge.ownerUserID { members["owner"] = .object(["user_uuid": .string(owner)]) }
        if let clientSecret { members["client_secret"] = .string(clientSecret) }
        return .object(members)
    }

    /// A measurement: `{uuid, name, description, edge_uuid, basetime, basetime_type, duration,
    /// max_elapsed_time, ended, completed, protected, processed_ratio, status, created_at,
    /// updated_at}`, durations in microseconds; `basetime` is `null` and `basetime_type`
    /// `undefined` when it has no base time.
    public static func measurement(_ measurement: Measurement) -> JSONValue {
        let microseconds = JSONValue.integer(Int(measurement.maxElapsedTime / 1000))
        return .object([
            "uuid": .string(measurement.uuid),
            "name": .string(measurement.name),
            "description": .string(measurement.description),
            "edge_uuid": .string(measurement.edgeUUID),
            "basetime": measurement.basetime.map { .string(IntdashTimestamp.string(nanoseconds: $0)) } ?? .null,
            "basetime_type": .string(measurement.basetimeType?.rawValue ?? "undefined"),
            "duration": microseconds,
            "max_elapsed_time": microseconds,
            "ended": .bool(measurement.ended),
            "completed": .bool(measurement.completed),
            "protected": .bool(measurement.isProtected),
            // Data is stored as it arrives: there is never a backlog to process.
            "processed_ratio": .integer(1),
            "status": .string(measurement.status.rawValue),
            "created_at": .string(IntdashTimestamp.string(measurement.createdAt)),
            "updated_at": .string(IntdashTimestamp.string(measurement.updatedAt)),
        ])
    }

    /// A capture: `{uuid, name, description, edge_uuid, start, duration, shared, created_at,
    /// updated_at}`, `start` in RFC 3339 and `duration` in microseconds.
    public static func capture(_ capture: Capture) -> JSONValue {
        .object([
            "uuid": .string(capture.uuid),
            "name": .string(capture.name),
            "description": .string(capture.description),
            "edge_uuid": .string(capture.edgeUUID),
            "start": .string(IntdashTimestamp.string(nanoseconds: capture.start)),
            "duration": .integer(Int(capture.duration)),
            "shared": .bool(capture.isShared),
            "created_at": .string(IntdashTimestamp.string(capture.createdAt)),
            "updated_at": .string(IntdashTimestamp.string(capture.updatedAt)),
        ])
    }

    /// A measurement sequence (one stream): `{uuid, received_chunks_count,
    /// received_data_points, expected_data_points, final_sequence_number, created_at,
    /// updated_at}`; the two expectations only when the client declared them.
    public static func sequence(_ sequence: TelemetrySequence) -> JSONValue {
        var members: [String: JSONValue] = [
            "uuid": .string(sequence.streamID.uuidString.lowercased()),
            "received_chunks_count": .integer(sequence.receivedChunkCount),
            "received_data_points": .integer(sequence.receivedDataPoints),
            "created_at": .string(IntdashTimestamp.string(sequence.createdAt)),
            "updated_at": .string(IntdashTimestamp.string(sequence.updatedAt)),
        ]
        if let expected = sequence.expectedDataPoints { members["expected_data_points"] = .integer(expected) }
        if let final = sequence.finalSequenceNumber { members["final_sequence_number"] = .integer(final) }
        return .object(members)
    }

    /// A signal: `{uuid, label, description, data_type, data_id, channel, conversion: {type,
    /// options}, display: {unit, min, max, format}, hash, created_at, updated_at}`.
    ///
    /// `hash` is `sha256:` and the hexadecimal SHA-256 of the JSON text (sorted keys, no
    /// spaces) of `{channel, conversion, data_id, data_type}`: what the signal reads and how,
    /// so that two signals that read alike have the same hash whatever their labels.
    public static func signal(_ signal: Signal) -> JSONValue {
        let definition: JSONValue = .object([
            "channel": .integer(Int(signal.channel)),
            "conversion": signal.conversion.intdashJSON,
            "data_id": .string(signal.dataID),
            "data_type": .integer(Int(signal.dataType)),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let digest = SHA256.hash(data: (try? encoder.encode(definition)) ?? Data())
        return .object([
            "uuid": .string(signal.uuid),
            "label": .string(signal.label),
            "description": .string(signal.description),
            "data_type": .integer(Int(signal.dataType)),
            "data_id": .string(signal.dataID),
            "channel": .integer(Int(signal.channel)),
            "conversion": signal.conversion.intdashJSON,
            "display": .object([
                "unit": .string(signal.display.unit),
                "min": signal.display.min.map(JSONValue.number) ?? .null,
                "max": signal.display.max.map(JSONValue.number) ?? .null,
                "format": .string(signal.display.format),
            ]),
            "hash": .string("sha256:" + digest.map { String(format: "%02x", $0) }.joined()),
            "created_at": .string(IntdashTimestamp.string(signal.createdAt)),
            "updated_at": .string(IntdashTimestamp.string(signal.updatedAt)),
        ])
    }

    /// A base time: `{type, basetime, created_at, updated_at}`.
    public static func baseTime(_ baseTime: MeasurementBaseTime) -> JSONValue {
        .object([
            "type": .string(baseTime.type.rawValue),
            "basetime": .string(IntdashTimestamp.string(nanoseconds: baseTime.basetime)),
            "created_at": .string(IntdashTimestamp.string(baseTime.createdAt)),
            "updated_at": .string(IntdashTimestamp.string(baseTime.updatedAt)),
        ])
    }

    /// A marker: `{uuid, measurement_uuid, name, description, type, detail, tag, created_at,
    /// created_by, updated_at, updated_by}`, where `detail` is `{occurred_elapsed_time}` or
    /// `{start_elapsed_time, end_elapsed_time}` in microseconds.
    public static func marker(_ marker: MeasurementMarker) -> JSONValue {
        let detail: JSONValue
        switch marker.span {
        case .point(let occurredAt):
            detail = .object(["occurred_elapsed_time": .integer(Int(occurredAt))])
        case .range(let start, let end):
            detail = .object(["start_elapsed_time": .integer(Int(start)), "end_elapsed_time": .integer(Int(end))])
        }
        return .object([
            "uuid": .string(marker.uuid),
            "measurement_uuid": .string(marker.measurementUUID),
            "name": .string(marker.name),
            "description": .string(marker.description),
            "type": .string(marker.span.typeName),
            "detail": detail,
            "tag": .object(marker.tag.mapValues(JSONValue.string)),
            "created_at": .string(IntdashTimestamp.string(marker.createdAt)),
            "created_by": .string(marker.createdBy),
            "updated_at": .string(IntdashTimestamp.string(marker.updatedAt)),
            "updated_by": .string(marker.updatedBy),
        ])
    }
}
