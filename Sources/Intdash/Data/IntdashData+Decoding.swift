import ISCP

extension IntdashData {
    /// The value a unit of data type `rawDataType` with payload `bytes` carries.
    ///
    /// - Throws: ``IntdashDataError/unknownDataType(_:)`` for a data type without a class here
    ///   (the bulk types, unknown bytes), or the codec's `ISCP1DecodingError` for a payload
    ///   that does not have its type's layout.
    static func decoded(rawDataType: UInt8, payload bytes: [UInt8]) throws -> IntdashData {
        guard IntdashDataType(rawValue: rawDataType) != nil else { throw IntdashDataError.unknownDataType(rawDataType) }
        let payload = try decodePayload(rawDataType: rawDataType, bytes: bytes)
        switch payload {
        case .can(let frame): return DataCAN(id: frame.id, dlc: UInt8(clamping: frame.data.count), data: frame.data)
        case .nmea(let sentence): return DataNMEA(nmeaString: sentence)
        case .generalSensor(let reading):
            guard let sensor = DataGeneralSensor.SensorId(rawValue: reading.sensorID) else {
                throw IntdashDataError.invalidPayload("unknown general sensor id \(reading.sensorID)")
            }
            return DataGeneralSensor(sensorId: sensor, data: reading.data)
        case .controlPad(let state): return DataControlPad(data: state.data, id: state.id)
        case .jpeg(let bytes): return DataJPEG(data: bytes)
        case .h264(let unit):
            guard let type = DataH264.H264Type(rawValue: unit.typeID) else {
                throw IntdashDataError.invalidPayload("unknown H.264 unit type \(unit.typeID)")
            }
            return DataH264(data: unit.data, type: type)
        case .h265(let unit):
            guard let type = DataH265.H265Type(rawValue: unit.typeID) else {
                throw IntdashDataError.invalidPayload("unknown H.265 unit type \(unit.typeID)")
            }
            return DataH265(data: unit.data, type: type)
        case .pcm(let audio):
            return DataPCM(
                formatId: audio.formatID, channels: audio.channels, sampleRate: audio.sampleRate, bitsPerSample: audio.bitsPerSample, data: audio.data
            )
        case .aac(let bytes): return DataAAC(data: bytes)
        case .string(let value): return try DataString(id: value.id, data: value.value)
        case .float(let value): return try DataFloat(id: value.id, data: value.value)
        case .int(let value): return try DataInt(id: value.id, data: value.value)
        case .bytes(let value): return try DataBytes(id: value.id, data: value.value)
        case .generic(let data): return DataGeneric(id: data.id, data: data.data)
        case .baseTime(let baseTime):
            let type = DataBaseTime.TimeType(rawValue: baseTime.type.rawValue) ?? .volatile
            return DataBaseTime(type: type, baseTimeSec: baseTime.seconds, baseTimeNSec: baseTime.nanoseconds)
        case .opaque(let rawDataType, let bytes):
            guard rawDataType == IntdashDataType.mavlinkPacket.rawValue else { throw IntdashDataError.unknownDataType(rawDataType) }
            return try DataMavlinkPacket(packet: bytes)
        }
    }

    /// The codec's reading of a payload, with its typed error rethrown untyped.
    private static func decodePayload(rawDataType: UInt8, bytes: [UInt8]) throws -> ISCP1Payload {
        try ISCP1Payload(rawDataType: rawDataType, decoding: bytes)
    }

    /// The data id the intdash API shows for this value (spec §2.4): the CAN id in hex, the
    /// id of a named value, `jpeg`, …; empty for a base time and for MAVLink.
    var dataID: String {
        ((try? payload())?.dataID) ?? ""
    }
}
