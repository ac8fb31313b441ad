import Foundation
import ISCP

/// How the SDK's iSCP 1.0 units and iSCP v2 data points meet: the same mapping as the
/// server's, so that what an app sends over one protocol looks the same to viewers on either.
///
/// A unit on channel `c` whose payload has the intdash data id `id` is the data id named
/// `c/id` (just `c` without an id), typed by its data type: Float `float64`, Int `int64`
/// (both 8 bytes big-endian), String `string` (UTF-8), Bytes `bytes`, JPEG `jpeg`, and for
/// every other type its name (`can`, `nmea`, `h264`, …, or `iscp1/0xNN`) with the whole
/// iSCP 1.0 payload. A data id of another type (only iSCP v2 devices send them) becomes a
/// Bytes unit. Base times are not data points: they travel as metadata.
enum ISCP2UnitMapping {
    /// The data id and point of `unit`, or `nil` for a base-time unit.
    static func dataPoint(of unit: ISCP1Unit) -> (ISCP2DataID, ISCP2DataPoint)? {
        guard unit.rawDataType != ISCP1DataType.baseTime.rawValue else { return nil }
        let payload = try? unit.decodedPayload()
        let id = payload?.dataID ?? ""
        var dataID = ISCP2DataID()
        dataID.name = id.isEmpty ? "\(unit.channel)" : "\(unit.channel)/\(id)"
        dataID.type = ISCP1DataType.typeName(ofRawDataType: unit.rawDataType)
        var point = ISCP2DataPoint()
        point.elapsedTime = Int64(clamping: unit.elapsedTime.nanoseconds)
        switch payload {
        case .float(let value): point.payload = Data(bigEndianBytes(value.value.bitPattern))
        case .int(let value): point.payload = Data(bigEndianBytes(UInt64(bitPattern: value.value)))
        case .string(let value): point.payload = Data(value.value.utf8)
        case .bytes(let value): point.payload = Data(value.value)
        default: point.payload = Data(unit.payload)
        }
        return (dataID, point)
    }

    /// The unit that carries `point` of `dataID` on stream `streamID`, or `nil` when its time
    /// cannot be written in iSCP 1.0 (before the base time, or beyond 8,388,607 seconds).
    static func unit(dataID: ISCP2DataID, point: ISCP2DataPoint, streamID: UInt8) -> ISCP1Unit? {
        guard point.elapsedTime >= 0 else { return nil }
        let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64(point.elapsedTime), precision: .nanoseconds)
        guard elapsed.seconds <= 8_388_607 else { return nil }
        let levels = dataID.name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let channel = levels.first.flatMap { UInt8($0) }
        let idText = channel == nil ? dataID.name : (levels.count == 2 ? String(levels[1]) : "")
        let id = String(decoding: Array(idText.utf8.prefix(255)), as: UTF8.self)
        let bytes = Array(point.payload)
        let payload: ISCP1Payload
        switch dataID.type {
        case "float64" where bytes.count == 8: payload = .float(ISCP1IdentifiedValue(id: id, value: Double(bitPattern: bigEndianValue(bytes))))
        case "int64" where bytes.count == 8: payload = .int(ISCP1IdentifiedValue(id: id, value: Int64(bitPattern: bigEndianValue(bytes))))
        case "string": payload = .string(ISCP1IdentifiedValue(id: id, value: String(decoding: bytes, as: UTF8.self)))
        default:
            if !["float64", "int64", "bytes"].contains(dataID.type), let rawDataType = ISCP1DataType.rawDataType(ofTypeName: dataID.type) {
                return ISCP1Unit(streamID: streamID, channel: channel ?? 0, rawDataType: rawDataType, elapsedTime: elapsed, payload: bytes)
            }
            payload = .bytes(ISCP1IdentifiedValue(id: id, value: bytes))
        }
        return try? ISCP1Unit(streamID: streamID, channel: channel ?? 0, elapsedTime: elapsed, payload: payload)
    }

    /// The base time a base-time unit sets for session `sessionID`, or `nil` for any other unit.
    /// Its priority orders the clocks as intdash does: manual, GPS, NTP, the edge's clock,
    /// then the first-received and volatile guesses.
    static func baseTime(of unit: ISCP1Unit, sessionID: String) -> ISCP2BaseTime? {
        guard case .baseTime(let value)? = try? unit.decodedPayload() else { return nil }
        var baseTime = ISCP2BaseTime()
        baseTime.sessionID = sessionID
        baseTime.elapsedTime = unit.elapsedTime.nanoseconds
        baseTime.baseTime = Int64(value.seconds) * 1_000_000_000 + Int64(value.nanoseconds)
        (baseTime.name, baseTime.priority) =
            switch value.type {
            case .volatile: ("volatile", 0)
            case .apiFirstReceived: ("api_first_received", 1)
            case .edgeRTC: ("edge_rtc", 2)
            case .ntp: ("ntp", 3)
            case .gps: ("gps", 4)
            case .manual: ("manual", 5)
            }
        return baseTime
    }

    /// The BaseTime unit on stream `streamID` that tells an iSCP 1.0 reader `baseTime`.
    static func unit(baseTime: ISCP2BaseTime, streamID: UInt8) -> ISCP1Unit? {
        let types: [String: ISCP1BaseTimeType] = [
            "volatile": .volatile, "api_first_received": .apiFirstReceived, "edge_rtc": .edgeRTC, "ntp": .ntp, "gps": .gps, "manual": .manual,
        ]
        guard baseTime.baseTime >= 0, let seconds = UInt32(exactly: baseTime.baseTime / 1_000_000_000) else { return nil }
        let value = ISCP1BaseTime(
            type: types[baseTime.name] ?? .edgeRTC, seconds: seconds, nanoseconds: UInt32(baseTime.baseTime % 1_000_000_000)
        )
        let elapsed = ISCP1ElapsedTime(nanoseconds: baseTime.elapsedTime, precision: .nanoseconds)
        return try? ISCP1Unit(streamID: streamID, channel: 0, elapsedTime: elapsed, payload: .baseTime(value))
    }

    /// The iSCP v2 data filters that let through at least the units `filter` passes: an
    /// exact name for each label or whole-id mask, else every id of the channel. The bridge
    /// applies `filter` itself as well, so a wider v2 filter changes nothing the app sees.
    static func dataFilters(of filter: ISCP1DataFilter) -> [ISCP2DataFilter] {
        let type = ISCP1DataType.typeName(ofRawDataType: filter.rawDataType)
        let channel = "\(filter.channel)"
        var names: [String]
        switch filter.condition {
        case .labels(let labels):
            names = labels.map { "\(channel)/\($0)" }
        case .masks(let rules) where filter.rawDataType == ISCP1DataType.nmea.rawValue && rules.allSatisfy({ $0.mask == 0xff_ffff_ffff }):
            names = rules.map { rule in
                "\(channel)/" + String(decoding: (0..<5).map { UInt8(truncatingIfNeeded: rule.result >> (8 * $0)) }, as: UTF8.self)
            }
        default:
            names = [channel, "\(channel)/#"]
        }
        return names.map { name in
            var dataFilter = ISCP2DataFilter()
            dataFilter.name = name
            dataFilter.type = type
            return dataFilter
        }
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    private static func bigEndianValue(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
