import ISCP

/// What ``ISCP1DataMapping`` makes of one data id, worked out once for all its points: the
/// channel, the intdash data id, and the iSCP 1.0 form a point's bytes take.
///
/// Mapping a point on its own splits its data id's name and builds the id's strings again; a
/// reader of many points of a few data ids (an iSCP 1.0 viewer, `GET /v1/data`) keeps one view
/// per data id instead.
///
/// ```swift
/// let view = ISCP1DataIDView(TelemetryDataID(name: "1/speed", type: "float64"))
/// view.channel        // 1
/// view.iscp1DataID    // "speed"
/// let unit = view.unit(of: point, streamID: 0)   // a Float unit on channel 1
/// ```
struct ISCP1DataIDView: Sendable {
    /// The channel: the first level of the name when that is a number from 0 to 255, else 0.
    let channel: UInt8
    /// The intdash data id: the name without its channel level.
    let iscp1DataID: String
    /// The data id's type.
    private let type: String
    /// The iSCP 1.0 data type the data id's type names, if it names one.
    private let namedDataType: UInt8?
    /// The id as a unit's payload carries it: the intdash data id cut to 255 bytes.
    private let unitID: String
    /// How a Float or Int payload begins: the length of ``unitID`` in one byte, then its UTF-8
    /// bytes; `nil` when it is longer than a byte can say (a cut that split a character is
    /// written as U+FFFD), so that no such payload can be written.
    private let valuePrefix: [UInt8]?

    /// The iSCP 1.0 data type of the data id's units: the one its type names, else Bytes.
    var rawDataType: UInt8 { namedDataType ?? ISCP1DataType.bytes.rawValue }

    /// The view of `dataID`.
    init(_ dataID: TelemetryDataID) {
        let levels = dataID.name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let channel = levels.first.flatMap { UInt8($0) }
        self.channel = channel ?? 0
        iscp1DataID = channel == nil ? dataID.name : levels.count == 2 ? String(levels[1]) : ""
        type = dataID.type
        namedDataType = ISCP1DataType.rawDataType(ofTypeName: dataID.type)
        unitID = String(decoding: Array(iscp1DataID.utf8.prefix(255)), as: UTF8.self)
        valuePrefix = unitID.utf8.count <= Int(UInt8.max) ? [UInt8(unitID.utf8.count)] + Array(unitID.utf8) : nil
    }

    /// The unit that carries `point` on stream `streamID`, or `nil` when its time cannot be
    /// written in iSCP 1.0 (before the base time, or beyond 8,388,607 seconds).
    func unit(of point: TelemetryDataPoint, streamID: UInt8) -> ISCP1Unit? {
        guard point.elapsedTime >= 0 else { return nil }
        let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64(point.elapsedTime), precision: .nanoseconds)
        guard elapsed.seconds <= Self.maximumElapsedSeconds else { return nil }
        let bytes = point.payload
        let payload: ISCP1Payload
        switch type {
        case "float64" where bytes.count == 8, "int64" where bytes.count == 8:
            // The payload of ISCP1IdentifiedValue's Float or Int form, written in one allocation.
            guard let value = bytes.withUnsafeBytes(value(of:)) else { return nil }
            let payload = ISCP1UnitPayload.value(prefix: value.prefix, bits: value.bits).bytes
            return ISCP1Unit(streamID: streamID, channel: channel, rawDataType: value.dataType, elapsedTime: elapsed, payload: payload)
        case "string":
            payload = .string(ISCP1IdentifiedValue(id: unitID, value: String(decoding: bytes, as: UTF8.self)))
        case "float64", "int64", "bytes":
            payload = .bytes(ISCP1IdentifiedValue(id: unitID, value: Array(bytes)))
        default:
            // Types without a value form carry the whole iSCP 1.0 payload.
            guard let namedDataType else {
                payload = .bytes(ISCP1IdentifiedValue(id: unitID, value: Array(bytes)))
                break
            }
            return ISCP1Unit(streamID: streamID, channel: channel, rawDataType: namedDataType, elapsedTime: elapsed, payload: Array(bytes))
        }
        return try? ISCP1Unit(streamID: streamID, channel: channel, elapsedTime: elapsed, payload: payload)
    }

    /// The Float or Int form of this data id's eight-byte payloads: the iSCP 1.0 data type, and
    /// how the unit's payload begins (the id's length in one byte, then the id: the same array
    /// for every point); `nil` unless the type is `float64` or `int64` and the id short enough.
    var valueForm: (dataType: UInt8, prefix: [UInt8])? {
        guard let valuePrefix else { return nil }
        switch type {
        case "float64": return (ISCP1DataType.float.rawValue, valuePrefix)
        case "int64": return (ISCP1DataType.int.rawValue, valuePrefix)
        default: return nil
        }
    }

    /// The Float or Int form of a stored payload of this data id: ``valueForm`` and the value's
    /// bits, which the unit's payload ends with little-endian; `nil` unless the data id has a
    /// value form and the payload is eight bytes (the value, big-endian).
    func value(of bytes: UnsafeRawBufferPointer) -> (dataType: UInt8, prefix: [UInt8], bits: UInt64)? {
        guard bytes.count == 8, let form = valueForm else { return nil }
        return (form.dataType, form.prefix, UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
    }

    /// The most seconds a VU16/24 elapsed time can hold.
    private static let maximumElapsedSeconds: UInt32 = 8_388_607
}
