/// The server's acknowledgement of a closed section: its units are durable (or, with `ng`, lost).
public struct ISCP1SectionAck: Sendable, Hashable {
    /// The upstream the section belongs to.
    public var streamID: UInt8
    /// Whether the section was accepted.
    public var resultCode: ISCP1ResultCode
    /// The section's number in its stream.
    public var serialNumber: UInt32

    /// Creates an acknowledgement.
    public init(streamID: UInt8, resultCode: ISCP1ResultCode, serialNumber: UInt32) {
        self.streamID = streamID
        self.resultCode = resultCode
        self.serialNumber = serialNumber
    }

    /// Reads `stream_id u8, result_code u8, serial_number u32`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        resultCode = try ISCP1ResultCode(from: &reader)
        serialNumber = try reader.readLittleEndian(UInt32.self)
    }

    /// Writes the acknowledgement body.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(streamID)
        writer.writeUInt8(resultCode.rawValue)
        writer.writeLittleEndian(serialNumber)
    }
}
