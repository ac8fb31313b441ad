/// One entry of a downstream's filter: units of this channel and data type pass when they meet
/// the condition.
public struct ISCP1DataFilter: Sendable, Hashable {
    /// The channel of the units.
    public var channel: UInt8
    /// The data type byte of the units.
    public var rawDataType: UInt8
    /// The condition on the units' data ids.
    public var condition: ISCP1FilterCondition

    /// Creates a filter entry with a data type byte.
    public init(channel: UInt8, rawDataType: UInt8, condition: ISCP1FilterCondition = .any) {
        self.channel = channel
        self.rawDataType = rawDataType
        self.condition = condition
    }

    /// Creates a filter entry for a known data type.
    public init(channel: UInt8, dataType: ISCP1DataType, condition: ISCP1FilterCondition = .any) {
        self.init(channel: channel, rawDataType: dataType.rawValue, condition: condition)
    }

    /// The data type, or `nil` for a byte this library does not know.
    public var dataType: ISCP1DataType? {
        ISCP1DataType(rawValue: rawDataType)
    }

    /// Whether `unit` passes: same channel, same data type, and its data id meets the condition.
    public func passes(_ unit: ISCP1Unit) -> Bool {
        unit.channel == channel && unit.rawDataType == rawDataType && condition.passes(unit)
    }

    /// The smallest encoded size: channel, data type and length.
    static let minimumByteCount = 4

    /// Reads `channel u8, data_type u8, len u16, filter payload[len]`; an empty payload is ``ISCP1FilterCondition/any``.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        channel = try reader.readUInt8()
        rawDataType = try reader.readUInt8()
        let length = Int(try reader.readLittleEndian(UInt16.self))
        var payload = try reader.limited(to: length)
        condition = length == 0 ? .any : try ISCP1FilterCondition(from: &payload, rawDataType: rawDataType)
    }

    /// Writes the filter entry.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        let payload = try condition.encoded(for: rawDataType)
        guard payload.count <= Int(UInt16.max) else {
            throw .outOfRange("filter payload length", value: UInt64(payload.count), maximum: UInt64(UInt16.max))
        }
        writer.writeUInt8(channel)
        writer.writeUInt8(rawDataType)
        writer.writeLittleEndian(UInt16(payload.count))
        writer.writeBytes(payload)
    }
}
