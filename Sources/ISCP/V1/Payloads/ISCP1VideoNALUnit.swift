/// The payload of an H.264 or H.265 unit: `type_id u8, data…`.
public struct ISCP1VideoNALUnit: Sendable, Hashable {
    /// What the data is (the Swift SDK names IDR frame, non-IDR frame, extension unit, SEI unit).
    public var typeID: UInt8
    /// The NAL unit bytes.
    public var data: [UInt8]

    /// Creates a NAL unit payload.
    public init(typeID: UInt8, data: [UInt8]) {
        self.typeID = typeID
        self.data = data
    }

    /// The data id the intdash API shows for H.264: the type id as 2 hexadecimal digits
    /// (`%02x`). The spec gives none for H.265, which has the same layout; the same form is used.
    public var dataID: String {
        ISCP1DataID.hex(typeID, digits: 2)
    }

    /// Reads the payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        typeID = try reader.readUInt8()
        data = reader.readRemainingBytes()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(typeID)
        writer.writeBytes(data)
    }
}
