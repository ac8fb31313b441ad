import Foundation
import ISCP
import SwiftProtobuf

/// A stored data point as `GET /v1/data` answers it: in iSCP 1.0 terms (data type number,
/// channel, data id, payload), at an absolute time.
struct IntdashDataResponse: Sendable {
    /// The measurement, a lowercase UUID.
    let measurementUUID: String
    /// Nanoseconds since 1970-01-01T00:00:00Z: the base time plus the elapsed time.
    let time: Int64
    /// When the server stored the point.
    let createdAt: Date
    /// The iSCP 1.0 data type number.
    let dataType: UInt8
    /// The channel.
    let channel: UInt8
    /// The data id without the channel, such as `speed`.
    let dataID: String
    /// The iSCP 1.0 payload, as its bytes or, for a Float or Int value, in parts that need no
    /// array of its own.
    let content: ISCP1UnitPayload

    /// The iSCP 1.0 payload's bytes.
    var payload: [UInt8] { content.bytes }

    /// Creates an answer from its fields.
    init(measurementUUID: String, time: Int64, createdAt: Date, dataType: UInt8, channel: UInt8, dataID: String, payload: [UInt8]) {
        self.init(
            measurementUUID: measurementUUID, time: time, createdAt: createdAt, dataType: dataType, channel: channel, dataID: dataID,
            content: .bytes(payload)
        )
    }

    /// Creates an answer from its fields, its payload in either form.
    init(measurementUUID: String, time: Int64, createdAt: Date, dataType: UInt8, channel: UInt8, dataID: String, content: ISCP1UnitPayload) {
        self.measurementUUID = measurementUUID
        self.time = time
        self.createdAt = createdAt
        self.dataType = dataType
        self.channel = channel
        self.dataID = dataID
        self.content = content
    }

    /// The answer for `stored`, a point of measurement `measurementUUID` whose base time is
    /// `baseTime`, through the iSCP 1.0 view of ``ISCP1DataMapping``; `view` is the view of
    /// the point's data id, made once for all its points.
    init(_ stored: TelemetryStoredDataPoint, measurementUUID: String, baseTime: Int64, view: borrowing ISCP1DataIDView) {
        self = stored.dataPoint.payload.withUnsafeBytes { payload in
            IntdashDataResponse(
                time: Self.time(elapsed: stored.dataPoint.elapsedTime, baseTime: baseTime), payload: payload, createdAt: stored.receivedAt,
                measurementUUID: measurementUUID, view: view
            )
        }
    }

    /// The answer for a point at `time` whose payload is `payload`, stored at `createdAt`;
    /// `view` is the view of the point's data id.
    init(time: Int64, payload: UnsafeRawBufferPointer, createdAt: Date, measurementUUID: String, view: borrowing ISCP1DataIDView) {
        self.measurementUUID = measurementUUID
        self.time = time
        self.createdAt = createdAt
        self.channel = view.channel
        self.dataID = view.iscp1DataID
        // A Float or Int value (the common case) keeps its bits and the data id's shared
        // prefix: no array is made for it.
        if let value = view.value(of: payload) {
            self.dataType = value.dataType
            self.content = .value(prefix: value.prefix, bits: value.bits)
            return
        }
        // The mapping writes units only for times iSCP 1.0 can express; the payload does not
        // depend on the time, so it is taken from a unit at elapsed time zero.
        let bytes = Array(payload)
        let unit = view.unit(of: TelemetryDataPoint(elapsedTime: 0, payload: bytes), streamID: 0)
        self.dataType = unit?.rawDataType ?? view.rawDataType
        self.content = .bytes(unit?.payload ?? bytes)
    }

    /// The absolute time of a point `elapsed` nanoseconds after `baseTime`, held at the ends
    /// of `Int64` rather than wrapping around.
    static func time(elapsed: Int64, baseTime: Int64) -> Int64 {
        let (time, overflow) = baseTime.addingReportingOverflow(elapsed)
        return overflow ? (elapsed < 0 ? .min : .max) : time
    }

    /// A protobuf timestamp of `nanoseconds` since 1970-01-01T00:00:00Z, exact to the nanosecond.
    static func timestamp(nanoseconds: Int64) -> Google_Protobuf_Timestamp {
        var seconds = nanoseconds / 1_000_000_000
        var nanos = nanoseconds % 1_000_000_000
        if nanos < 0 {
            seconds -= 1
            nanos += 1_000_000_000
        }
        return Google_Protobuf_Timestamp(seconds: seconds, nanos: Int32(nanos))
    }
}
