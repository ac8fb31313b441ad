import Foundation

/// The payload of a BaseTime unit: `type u8, sec u32, nsec u32`, the absolute time that the
/// elapsed times of a measurement count from. An edge sends it before its first data.
public struct ISCP1BaseTime: Sendable, Hashable {
    /// Where the base time came from.
    public var type: ISCP1BaseTimeType
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: UInt32
    /// Nanoseconds past `seconds`, below 1,000,000,000.
    public var nanoseconds: UInt32

    /// Creates a base time.
    public init(type: ISCP1BaseTimeType, seconds: UInt32, nanoseconds: UInt32) {
        self.type = type
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The base time as a date (to the precision of `Date`).
    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1_000_000_000)
    }

    /// Reads the payload; an unknown type, nanoseconds of a second or more, or bytes after the
    /// nine are errors.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        let typeReader = reader
        let typeByte = try reader.readUInt8()
        guard let type = ISCP1BaseTimeType(rawValue: typeByte) else {
            throw typeReader.error(.invalidValue("unknown base time type 0x\(ISCP1DataID.hex(typeByte, digits: 2))"))
        }
        self.type = type
        seconds = try reader.readLittleEndian(UInt32.self)
        let nanosecondsReader = reader
        nanoseconds = try reader.readLittleEndian(UInt32.self)
        guard nanoseconds < 1_000_000_000 else {
            throw nanosecondsReader.error(.invalidValue("base time nanoseconds \(nanoseconds) are not below one second"))
        }
        try reader.expectEnd()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        guard nanoseconds < 1_000_000_000 else {
            throw .outOfRange("base time nanoseconds", value: UInt64(nanoseconds), maximum: 999_999_999)
        }
        writer.writeUInt8(type.rawValue)
        writer.writeLittleEndian(seconds)
        writer.writeLittleEndian(nanoseconds)
    }
}
