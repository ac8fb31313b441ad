/// Numbers read from little-endian bytes.
enum LittleEndianBytes {
    /// The `UInt64` of exactly 8 bytes.
    static func uint64(_ bytes: [UInt8]) throws -> UInt64 {
        guard bytes.count == 8 else { throw IntdashDataError.invalidPayload("a 64-bit number needs 8 bytes, not \(bytes.count)") }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
