/// The payload of a Generic unit: `id u32, data…`.
public struct ISCP1GenericData: Sendable, Hashable {
    /// The data's id.
    public var id: UInt32
    /// The data.
    public var data: [UInt8]

    /// Creates a Generic payload.
    public init(id: UInt32, data: [UInt8]) {
        self.id = id
        self.data = data
    }

    /// The data id the intdash API shows: the id as 8 hexadecimal digits (`%08x`).
    public var dataID: String {
        ISCP1DataID.hex(id, digits: 8)
    }

    /// Reads the payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try reader.readLittleEndian(UInt32.self)
        data = reader.readRemainingBytes()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeLittleEndian(id)
        writer.writeBytes(data)
    }
}
