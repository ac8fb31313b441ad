import Foundation

/// Reads little-endian iSCP 1.0 fields from a byte array, checking every length against what
/// remains before it reads or allocates anything.
///
/// A reader may be limited to a part of the array (``limited(to:)``); offsets in errors always
/// count from the start of the whole array.
struct ISCP1ByteReader {
    /// The whole input.
    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    private(set) var offset: Int
    /// The offset just past the last byte this reader may read.
    private let end: Int

    /// Creates a reader of all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
        self.end = bytes.count
    }

    private init(bytes: [UInt8], offset: Int, end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
    }

    /// How many bytes are left to read.
    var remaining: Int { end - offset }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= end }

    /// An error at the current offset.
    func error(_ reason: ISCP1DecodingError.Reason) -> ISCP1DecodingError {
        ISCP1DecodingError(offset: offset, reason: reason)
    }

    /// Throws unless `count` more bytes remain.
    private func require(_ count: Int) throws(ISCP1DecodingError) {
        guard count <= remaining else { throw error(.truncated(needed: count, remaining: remaining)) }
    }

    /// Reads one byte.
    mutating func readUInt8() throws(ISCP1DecodingError) -> UInt8 {
        try require(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads an unsigned little-endian integer of `byteCount` bytes (at most the size of `T`).
    mutating func readLittleEndian<T: FixedWidthInteger & UnsignedInteger>(
        _ type: T.Type,
        byteCount: Int = MemoryLayout<T>.size
    ) throws(ISCP1DecodingError) -> T {
        try require(byteCount)
        var value: T = 0
        for index in 0..<byteCount {
            value |= T(bytes[offset + index]) << (8 * index)
        }
        offset += byteCount
        return value
    }

    /// Reads a UUID stored as its 16 bytes in RFC 4122 order.
    mutating func readUUID() throws(ISCP1DecodingError) -> UUID {
        try require(16)
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: bytes[offset..<offset + 16]) }
        offset += 16
        return UUID(uuid: raw)
    }

    /// Reads `length` bytes, where `length` came from the input itself.
    mutating func readBytes(length: Int) throws(ISCP1DecodingError) -> [UInt8] {
        guard length <= remaining else { throw error(.lengthOverrun(length: length, remaining: remaining)) }
        defer { offset += length }
        return Array(bytes[offset..<offset + length])
    }

    /// Reads every byte that remains.
    mutating func readRemainingBytes() -> [UInt8] {
        defer { offset = end }
        return Array(bytes[offset..<end])
    }

    /// Reads `length` bytes as UTF-8 text, where `length` came from the input itself.
    mutating func readUTF8(length: Int, of what: String) throws(ISCP1DecodingError) -> String {
        let start = offset
        let text = try readBytes(length: length)
        guard let string = String(validating: text, as: UTF8.self) else {
            throw ISCP1DecodingError(offset: start, reason: .invalidValue("\(what) is not valid UTF-8"))
        }
        return string
    }

    /// Throws unless `count` items of at least `minimumBytesEach` bytes can fit in what remains;
    /// call it before reserving room for items whose count came from the input.
    func checkCount(_ count: Int, minimumBytesEach: Int) throws(ISCP1DecodingError) {
        guard count * minimumBytesEach <= remaining else {
            throw error(.countOverrun(count: count, minimumBytesEach: minimumBytesEach, remaining: remaining))
        }
    }

    /// Returns a reader of the next `length` bytes and moves this reader past them.
    mutating func limited(to length: Int) throws(ISCP1DecodingError) -> ISCP1ByteReader {
        guard length <= remaining else { throw error(.lengthOverrun(length: length, remaining: remaining)) }
        defer { offset += length }
        return ISCP1ByteReader(bytes: bytes, offset: offset, end: offset + length)
    }

    /// Throws if any byte is left.
    func expectEnd() throws(ISCP1DecodingError) {
        guard isAtEnd else { throw error(.trailingBytes(remaining)) }
    }

    /// Reads a variable-length integer (spec §2.2) and says how many bytes it took.
    mutating func read(
        _ format: ISCP1VariableLengthUInt
    ) throws(ISCP1DecodingError) -> (value: UInt32, width: Int) {
        let start = offset
        let first = try readUInt8()
        offset = start
        let width = format.widths.lowerBound + Int(first & format.widthMask)
        guard format.widths.contains(width) else {
            throw error(.invalidValue("a \(format) integer cannot be \(width) bytes long"))
        }
        let raw = try readLittleEndian(UInt64.self, byteCount: width)
        return (UInt32(truncatingIfNeeded: raw >> format.widthBitCount), width)
    }
}
