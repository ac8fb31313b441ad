/// One data point of a stream: a payload of some data type on a channel, at a time elapsed
/// since the measurement's base time.
///
/// The payload stays bytes here, and the data type a byte, so that every unit decodes and
/// re-encodes unchanged, whatever its data type; ``ISCP1Payload`` reads the payload.
public struct ISCP1Unit: Sendable, Hashable {
    /// The stream the unit travels on.
    public var streamID: UInt8
    /// The channel of the measurement the unit belongs to.
    public var channel: UInt8
    /// The data type byte, known to ``ISCP1DataType`` or not.
    public var rawDataType: UInt8
    /// When the data point was taken, relative to the base time.
    public var elapsedTime: ISCP1ElapsedTime
    /// The payload bytes, laid out as the data type says (spec §2.4).
    public var payload: [UInt8]

    /// Creates a unit with a data type byte.
    public init(streamID: UInt8, channel: UInt8, rawDataType: UInt8, elapsedTime: ISCP1ElapsedTime, payload: [UInt8]) {
        self.streamID = streamID
        self.channel = channel
        self.rawDataType = rawDataType
        self.elapsedTime = elapsedTime
        self.payload = payload
    }

    /// Creates a unit of a known data type.
    public init(streamID: UInt8, channel: UInt8, dataType: ISCP1DataType, elapsedTime: ISCP1ElapsedTime, payload: [UInt8]) {
        self.init(streamID: streamID, channel: channel, rawDataType: dataType.rawValue, elapsedTime: elapsedTime, payload: payload)
    }

    /// The data type, or `nil` for a byte this library does not know.
    public var dataType: ISCP1DataType? {
        ISCP1DataType(rawValue: rawDataType)
    }

    /// The largest payload the VU8/32 length field can announce.
    public static let maximumPayloadLength = Int(ISCP1VariableLengthUInt.vu8to32.maximumValue(width: 4))

    /// Reads `stream_id u8, channel u8, data_type u8, elapsed_sec VU16/24, elapsed_frac VU16/32,
    /// payload_len VU8/32, payload`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        channel = try reader.readUInt8()
        rawDataType = try reader.readUInt8()
        let seconds = try reader.read(.vu16to24).value
        let fractionStart = reader
        let (fraction, fractionWidth) = try reader.read(.vu16to32)
        guard let precision = ISCP1TimePrecision(fractionWidth: fractionWidth) else {
            throw fractionStart.error(.invalidValue("an elapsed fraction of \(fractionWidth) bytes has no precision"))
        }
        guard fraction < precision.unitsPerSecond else {
            throw fractionStart.error(.invalidValue("elapsed fraction \(fraction) is not below one second (\(precision.unitsPerSecond))"))
        }
        elapsedTime = ISCP1ElapsedTime(seconds: seconds, fraction: fraction, precision: precision)
        let length = Int(try reader.read(.vu8to32).value)
        payload = try reader.readBytes(length: length)
    }

    /// Writes the unit body, choosing the widths of seconds and length by the spec's thresholds
    /// and the width of the fraction by the precision.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        let fractionLimit = elapsedTime.precision.unitsPerSecond
        guard elapsedTime.fraction < fractionLimit else {
            throw .outOfRange("elapsed fraction", value: UInt64(elapsedTime.fraction), maximum: UInt64(fractionLimit - 1))
        }
        guard payload.count <= Self.maximumPayloadLength else {
            throw .outOfRange("payload length", value: UInt64(payload.count), maximum: UInt64(Self.maximumPayloadLength))
        }
        let seconds = elapsedTime.seconds
        let length = UInt32(payload.count)
        writer.writeUInt8(streamID)
        writer.writeUInt8(channel)
        writer.writeUInt8(rawDataType)
        try writer.write(seconds, as: .vu16to24, width: ISCP1VariableLengthUInt.vu16to24.smallestWidth(for: seconds) ?? 3, of: "elapsed seconds")
        try writer.write(elapsedTime.fraction, as: .vu16to32, width: elapsedTime.precision.fractionWidth, of: "elapsed fraction")
        try writer.write(length, as: .vu8to32, width: ISCP1VariableLengthUInt.vu8to32.smallestWidth(for: length) ?? 4, of: "payload length")
        writer.writeBytes(payload)
    }
}
