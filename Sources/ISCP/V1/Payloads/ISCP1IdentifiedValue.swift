/// The payload of a String, Float, Int or Bytes unit: `id_len u8, id[id_len], value`, where the
/// value is UTF-8 text, a float64, an int64 or bytes, little-endian.
public struct ISCP1IdentifiedValue<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value's id, at most 255 bytes of UTF-8; it is also the data id the intdash API shows.
    public var id: String
    /// The value.
    public var value: Value

    /// Creates an identified value.
    public init(id: String, value: Value) {
        self.id = id
        self.value = value
    }

    /// Reads `id_len u8, id[id_len]`.
    static func readID(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) -> String {
        let length = Int(try reader.readUInt8())
        return try reader.readUTF8(length: length, of: "the data id")
    }
}

extension ISCP1IdentifiedValue where Value == String {
    /// Reads a String payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try Self.readID(from: &reader)
        value = try reader.readUTF8(length: reader.remaining, of: "the String value")
    }

    /// Writes a String payload.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        try writer.writeShortUTF8(id, of: "data id")
        writer.writeBytes(value.utf8)
    }
}

extension ISCP1IdentifiedValue where Value == Double {
    /// Reads a Float payload; bytes after the float64 are an error.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try Self.readID(from: &reader)
        value = Double(bitPattern: try reader.readLittleEndian(UInt64.self))
        try reader.expectEnd()
    }

    /// Writes a Float payload.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        try writer.writeShortUTF8(id, of: "data id")
        writer.writeLittleEndian(value.bitPattern)
    }
}

extension ISCP1IdentifiedValue where Value == Int64 {
    /// Reads an Int payload; bytes after the int64 are an error.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try Self.readID(from: &reader)
        value = Int64(bitPattern: try reader.readLittleEndian(UInt64.self))
        try reader.expectEnd()
    }

    /// Writes an Int payload.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        try writer.writeShortUTF8(id, of: "data id")
        writer.writeLittleEndian(value)
    }
}

extension ISCP1IdentifiedValue where Value == [UInt8] {
    /// Reads a Bytes payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        id = try Self.readID(from: &reader)
        value = reader.readRemainingBytes()
    }

    /// Writes a Bytes payload.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        try writer.writeShortUTF8(id, of: "data id")
        writer.writeBytes(value)
    }
}
