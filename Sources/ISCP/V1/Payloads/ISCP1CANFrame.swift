/// The payload of a CAN unit: `id u32, dlc u8, data[dlc]`.
public struct ISCP1CANFrame: Sendable, Hashable {
    /// The CAN identifier.
    public var id: UInt32
    /// The frame's data bytes; their count is the DLC, at most 255 on the wire.
    public var data: [UInt8]

    /// Creates a frame.
    public init(id: UInt32, data: [UInt8]) {
        self.id = id
        self.data = data
    }

    /// The data id the intdash API shows: the CAN id as 8 hexadecimal digits (`%08x`).
    public var dataID: String {
        ISCP1DataID.hex(id, digits: 8)
    }

    /// Reads the payload; bytes after `data[dlc]` are an error.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try reader.readLittleEndian(UInt32.self)
        let length = Int(try reader.readUInt8())
        data = try reader.readBytes(length: length)
        try reader.expectEnd()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        writer.writeLittleEndian(id)
        try writer.writeCount(data.count, byteCount: 1, of: "bytes of CAN data")
        writer.writeBytes(data)
    }
}
