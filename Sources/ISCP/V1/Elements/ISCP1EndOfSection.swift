/// The EOS marker: section `serialNumber` of a stream is complete.
public struct ISCP1EndOfSection: Sendable, Hashable {
    /// The upstream the section belongs to.
    public var streamID: UInt8
    /// Whether this is the last section of the measurement (flags bit 0).
    public var isFinal: Bool
    /// The section's number in its stream.
    public var serialNumber: UInt32

    /// Creates a marker.
    public init(streamID: UInt8, isFinal: Bool, serialNumber: UInt32) {
        self.streamID = streamID
        self.isFinal = isFinal
        self.serialNumber = serialNumber
    }

    /// Reads `stream_id u8, flags u8, serial_number u32`; flag bits other than final are ignored.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        isFinal = try reader.readUInt8() & 0b1 != 0
        serialNumber = try reader.readLittleEndian(UInt32.self)
    }

    /// Writes the marker body.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(streamID)
        writer.writeUInt8(isFinal ? 1 : 0)
        writer.writeLittleEndian(serialNumber)
    }
}
