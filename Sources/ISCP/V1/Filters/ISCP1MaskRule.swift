/// One rule of a CAN, NMEA, GeneralSensor or Generic downstream filter: the ids it matches, and
/// whether matching units are accepted or rejected.
///
/// A rule matches an id when `id & mask == result & mask`, the way SocketCAN filters compare
/// CAN ids. On the wire `mask` and `result` take as many bytes as the data type's id: 4 for CAN
/// and Generic, 5 for NMEA (the 5 characters after `$`, the first one in the lowest byte), 2 for
/// GeneralSensor.
public struct ISCP1MaskRule: Sendable, Hashable {
    /// The id bits the rule looks at.
    public var mask: UInt64
    /// The value those bits must have.
    public var result: UInt64
    /// Whether a matching unit is accepted (flags bit 0) or rejected.
    public var accept: Bool

    /// Creates a rule.
    public init(mask: UInt64, result: UInt64, accept: Bool = true) {
        self.mask = mask
        self.result = result
        self.accept = accept
    }

    /// Whether the rule matches `id`.
    public func matches(_ id: UInt64) -> Bool {
        id & mask == result & mask
    }

    /// Reads `mask, result` of `width` bytes each and `flags u8`.
    init(from reader: inout ISCP1ByteReader, width: Int) throws(ISCP1DecodingError) {
        mask = try reader.readLittleEndian(UInt64.self, byteCount: width)
        result = try reader.readLittleEndian(UInt64.self, byteCount: width)
        accept = try reader.readUInt8() & 0b1 != 0
    }

    /// Writes the rule with ids of `width` bytes.
    func write(to writer: inout ISCP1ByteWriter, width: Int) throws(ISCP1EncodingError) {
        let largest = UInt64.max >> (64 - 8 * width)
        guard mask <= largest else { throw .outOfRange("filter mask", value: mask, maximum: largest) }
        guard result <= largest else { throw .outOfRange("filter result", value: result, maximum: largest) }
        writer.writeLittleEndian(mask, byteCount: width)
        writer.writeLittleEndian(result, byteCount: width)
        writer.writeUInt8(accept ? 1 : 0)
    }
}
