/// The SOS marker: the units of a stream that follow belong to section `serialNumber`.
///
/// Sections are what the server acknowledges and what a client re-sends (spec §2.3).
public struct ISCP1StartOfSection: Sendable, Hashable {
    /// The upstream the section belongs to.
    public var streamID: UInt8
    /// The section's number in its stream, counting from 0.
    public var serialNumber: UInt32

    /// Creates a marker.
    public init(streamID: UInt8, serialNumber: UInt32) {
        self.streamID = streamID
        self.serialNumber = serialNumber
    }

    /// Reads `stream_id u8, serial_number u32`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        serialNumber = try reader.readLittleEndian(UInt32.self)
    }

    /// Writes the marker body.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(streamID)
        writer.writeLittleEndian(serialNumber)
    }
}
