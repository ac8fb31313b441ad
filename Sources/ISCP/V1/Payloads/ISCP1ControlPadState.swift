/// The payload of a ControlPad unit: `id u8, data…`.
public struct ISCP1ControlPadState: Sendable, Hashable {
    /// Which control pad message this is.
    public var id: UInt8
    /// The pad's state.
    public var data: [UInt8]

    /// Creates a control pad state.
    public init(id: UInt8, data: [UInt8]) {
        self.id = id
        self.data = data
    }

    /// The data id the intdash API shows: the id as 2 hexadecimal digits (`%02x`).
    public var dataID: String {
        ISCP1DataID.hex(id, digits: 2)
    }

    /// Reads the payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try reader.readUInt8()
        data = reader.readRemainingBytes()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(id)
        writer.writeBytes(data)
    }
}
