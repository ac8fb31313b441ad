import ISCP

/// How iSCP 1.0 units and the broker's data ids meet, so that a device on one protocol can be
/// watched, stored and queried through the other.
///
/// A unit on channel `c` whose payload has the intdash data id `id` (spec §2.4's last column:
/// `x` for an Int unit named `x`, `%08x` of a CAN id, `GPRMC` of an NMEA sentence…) becomes the
/// data id named `c/id`, typed by its data type:
///
/// | iSCP 1.0 data type | data id type | point payload |
/// |---|---|---|
/// | Float `0x0b` | `float64` | the value, 8 bytes IEEE 754, big-endian |
/// | Int `0x0c` | `int64` | the value, 8 bytes two's complement, big-endian |
/// | String `0x0a` | `string` | the value, UTF-8 |
/// | Bytes `0x0e` | `bytes` | the value |
/// | JPEG `0x09` | `jpeg` | the image |
/// | every other type | its name (`can`, `nmea`, `general_sensor`, `h264`, …, or `iscp1/0xNN`) | the whole iSCP 1.0 payload |
///
/// The way back maps a data id of one of these types to a unit of the same data type. A data id
/// of any other type (one only iSCP v2 devices send) becomes a Bytes unit whose id is the name
/// without its channel, so an iSCP 1.0 viewer still sees every point. The channel is the first
/// level of the name when it is a number from 0 to 255, else 0.
///
/// Base-time units carry no data point: they become the session's ``TelemetryBaseTime``.
public enum ISCP1DataMapping {
    /// The data id and point of `unit`, or `nil` for a base-time unit.
    public static func dataPoint(of unit: ISCP1Unit) -> (TelemetryDataID, TelemetryDataPoint)? {
        if unit.rawDataType == ISCP1DataType.baseTime.rawValue { return nil }
        let payload = decodedPayload(of: unit)
        let id = payload?.dataID ?? ""
        let dataID = TelemetryDataID(
            name: id.isEmpty ? "\(unit.channel)" : "\(unit.channel)/\(id)", type: ISCP1DataType.typeName(ofRawDataType: unit.rawDataType))
        let bytes: [UInt8]
        switch payload {
        case .float(let value): bytes = bigEndianBytes(value.value.bitPattern)
        case .int(let value): bytes = bigEndianBytes(UInt64(bitPattern: value.value))
        case .string(let value): bytes = Array(value.value.utf8)
        case .bytes(let value): bytes = value.value
        default: bytes = unit.payload
        }
        return (dataID, TelemetryDataPoint(elapsedTime: Int64(clamping: unit.elapsedTime.nanoseconds), payload: bytes))
    }

    /// The base time a base-time unit sets for `sessionID`, or `nil` for any other unit (or a
    /// malformed one). Its priority orders the clocks as intdash does: manual above GPS above
    /// NTP above the edge's clock above the first-received and volatile guesses.
    public static func baseTime(of unit: ISCP1Unit, sessionID: String) -> TelemetryBaseTime? {
        guard case .baseTime(let baseTime) = decodedPayload(of: unit) else { return nil }
        return TelemetryBaseTime(
            sessionID: sessionID, name: baseTimeName(baseTime.type), priority: baseTimePriority(baseTime.type),
            elapsedTime: unit.elapsedTime.nanoseconds,
            baseTime: Int64(baseTime.seconds) * 1_000_000_000 + Int64(baseTime.nanoseconds)
        )
    }

    /// The unit that carries `point` of `dataID` on stream `streamID`, or `nil` when its time
    /// cannot be written in iSCP 1.0 (before the base time, or beyond 8,388,607 seconds).
    public static func unit(dataID: TelemetryDataID, point: TelemetryDataPoint, streamID: UInt8) -> ISCP1Unit? {
        ISCP1DataIDView(dataID).unit(of: point, streamID: streamID)
    }

    /// The iSCP 1.0 data type of units of `dataID`: the one its type names, else Bytes.
    public static func rawDataType(of dataID: TelemetryDataID) -> UInt8 {
        ISCP1DataIDView(dataID).rawDataType
    }

    /// The channel of units of `dataID`: the first level of its name when that is a number
    /// from 0 to 255, else 0.
    public static func channel(of dataID: TelemetryDataID) -> UInt8 {
        ISCP1DataIDView(dataID).channel
    }

    /// The intdash data id of units of `dataID`: its name without the channel level.
    public static func iscp1DataID(of dataID: TelemetryDataID) -> String {
        ISCP1DataIDView(dataID).iscp1DataID
    }

    private static func decodedPayload(of unit: ISCP1Unit) -> ISCP1Payload? {
        try? unit.decodedPayload()
    }

    private static func baseTimeName(_ type: ISCP1BaseTimeType) -> String {
        switch type {
        case .edgeRTC: "edge_rtc"
        case .ntp: "ntp"
        case .gps: "gps"
        case .volatile: "volatile"
        case .apiFirstReceived: "api_first_received"
        case .manual: "manual"
        }
    }

    private static func baseTimePriority(_ type: ISCP1BaseTimeType) -> UInt32 {
        switch type {
        case .volatile: 0
        case .apiFirstReceived: 1
        case .edgeRTC: 2
        case .ntp: 3
        case .gps: 4
        case .manual: 5
        }
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
