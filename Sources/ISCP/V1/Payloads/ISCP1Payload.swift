/// The payload of a unit, read according to its data type (spec §2.4).
///
/// Data types with no layout here (MAVLink, the bulk types, bytes this library does not know)
/// are ``opaque(rawDataType:bytes:)``, so every unit has a payload value.
public enum ISCP1Payload: Sendable, Hashable {
    /// `0x01` CAN.
    case can(ISCP1CANFrame)
    /// `0x02` NMEA: one sentence, UTF-8.
    case nmea(String)
    /// `0x03` GeneralSensor.
    case generalSensor(ISCP1GeneralSensorReading)
    /// `0x04` ControlPad.
    case controlPad(ISCP1ControlPadState)
    /// `0x09` JPEG: the image bytes.
    case jpeg([UInt8])
    /// `0x0d` H.264.
    case h264(ISCP1VideoNALUnit)
    /// `0x11` H.265.
    case h265(ISCP1VideoNALUnit)
    /// `0x0f` PCM.
    case pcm(ISCP1PCMAudio)
    /// `0x10` AAC: the frame bytes.
    case aac([UInt8])
    /// `0x0a` String.
    case string(ISCP1IdentifiedValue<String>)
    /// `0x0b` Float.
    case float(ISCP1IdentifiedValue<Double>)
    /// `0x0c` Int.
    case int(ISCP1IdentifiedValue<Int64>)
    /// `0x0e` Bytes.
    case bytes(ISCP1IdentifiedValue<[UInt8]>)
    /// `0x7f` Generic.
    case generic(ISCP1GenericData)
    /// `0x87` BaseTime.
    case baseTime(ISCP1BaseTime)
    /// A data type whose payload is kept as bytes.
    case opaque(rawDataType: UInt8, bytes: [UInt8])

    /// Reads `bytes`, the payload of a unit whose data type byte is `rawDataType`. Error offsets
    /// count from the start of the payload.
    public init(rawDataType: UInt8, decoding bytes: [UInt8]) throws(ISCP1DecodingError) {
        var reader = ISCP1ByteReader(bytes)
        switch ISCP1DataType(rawValue: rawDataType) {
        case .can: self = .can(try ISCP1CANFrame(from: &reader))
        case .nmea: self = .nmea(try reader.readUTF8(length: bytes.count, of: "the NMEA sentence"))
        case .generalSensor: self = .generalSensor(try ISCP1GeneralSensorReading(from: &reader))
        case .controlPad: self = .controlPad(try ISCP1ControlPadState(from: &reader))
        case .jpeg: self = .jpeg(bytes)
        case .h264: self = .h264(try ISCP1VideoNALUnit(from: &reader))
        case .h265: self = .h265(try ISCP1VideoNALUnit(from: &reader))
        case .pcm: self = .pcm(try ISCP1PCMAudio(from: &reader))
        case .aac: self = .aac(bytes)
        case .string: self = .string(try ISCP1IdentifiedValue<String>(from: &reader))
        case .float: self = .float(try ISCP1IdentifiedValue<Double>(from: &reader))
        case .int: self = .int(try ISCP1IdentifiedValue<Int64>(from: &reader))
        case .bytes: self = .bytes(try ISCP1IdentifiedValue<[UInt8]>(from: &reader))
        case .generic: self = .generic(try ISCP1GenericData(from: &reader))
        case .baseTime: self = .baseTime(try ISCP1BaseTime(from: &reader))
        case .mavlinkPacket, .canBulk, .generalSensorBulk, nil: self = .opaque(rawDataType: rawDataType, bytes: bytes)
        }
    }

    /// The data type byte of units carrying this payload.
    public var rawDataType: UInt8 {
        switch self {
        case .can: ISCP1DataType.can.rawValue
        case .nmea: ISCP1DataType.nmea.rawValue
        case .generalSensor: ISCP1DataType.generalSensor.rawValue
        case .controlPad: ISCP1DataType.controlPad.rawValue
        case .jpeg: ISCP1DataType.jpeg.rawValue
        case .h264: ISCP1DataType.h264.rawValue
        case .h265: ISCP1DataType.h265.rawValue
        case .pcm: ISCP1DataType.pcm.rawValue
        case .aac: ISCP1DataType.aac.rawValue
        case .string: ISCP1DataType.string.rawValue
        case .float: ISCP1DataType.float.rawValue
        case .int: ISCP1DataType.int.rawValue
        case .bytes: ISCP1DataType.bytes.rawValue
        case .generic: ISCP1DataType.generic.rawValue
        case .baseTime: ISCP1DataType.baseTime.rawValue
        case .opaque(let rawDataType, _): rawDataType
        }
    }

    /// The data id the intdash API shows for the unit (spec §2.4, last column), or `nil` for a
    /// base time and for opaque payloads.
    ///
    /// For NMEA it is the 5 characters after the first (`GPRMC` of `$GPRMC,…`), fewer if the
    /// sentence is shorter.
    public var dataID: String? {
        switch self {
        case .can(let frame): frame.dataID
        case .nmea(let sentence): String(String.UnicodeScalarView(sentence.unicodeScalars.dropFirst().prefix(5)))
        case .generalSensor(let reading): reading.dataID
        case .controlPad(let state): state.dataID
        case .jpeg: "jpeg"
        case .h264(let nalUnit), .h265(let nalUnit): nalUnit.dataID
        case .pcm: "pcm"
        case .aac: "aac"
        case .string(let value): value.id
        case .float(let value): value.id
        case .int(let value): value.id
        case .bytes(let value): value.id
        case .generic(let data): data.dataID
        case .baseTime, .opaque: nil
        }
    }

    /// The payload bytes.
    public func encoded() throws(ISCP1EncodingError) -> [UInt8] {
        var writer = ISCP1ByteWriter()
        switch self {
        case .can(let frame): try frame.write(to: &writer)
        case .nmea(let sentence): writer.writeBytes(sentence.utf8)
        case .generalSensor(let reading): reading.write(to: &writer)
        case .controlPad(let state): state.write(to: &writer)
        case .jpeg(let bytes), .aac(let bytes), .opaque(_, let bytes): writer.writeBytes(bytes)
        case .h264(let nalUnit), .h265(let nalUnit): nalUnit.write(to: &writer)
        case .pcm(let audio): audio.write(to: &writer)
        case .string(let value): try value.write(to: &writer)
        case .float(let value): try value.write(to: &writer)
        case .int(let value): try value.write(to: &writer)
        case .bytes(let value): try value.write(to: &writer)
        case .generic(let data): data.write(to: &writer)
        case .baseTime(let baseTime): try baseTime.write(to: &writer)
        }
        return writer.bytes
    }
}
