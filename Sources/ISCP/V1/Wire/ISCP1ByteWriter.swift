import Foundation

/// Appends little-endian iSCP 1.0 fields to a byte array.
struct ISCP1ByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8]

    /// Creates a writer that appends to `bytes`.
    init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Appends one byte.
    mutating func writeUInt8(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends the low `byteCount` bytes of `value`, least significant first.
    mutating func writeLittleEndian<T: FixedWidthInteger>(_ value: T, byteCount: Int = MemoryLayout<T>.size) {
        for index in 0..<byteCount {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
    }

    /// Appends a UUID as its 16 bytes in RFC 4122 order.
    mutating func writeUUID(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes as they are.
    mutating func writeBytes(_ data: some Sequence<UInt8>) {
        bytes.append(contentsOf: data)
    }

    /// Appends the number of items of a list in a count field of `byteCount` bytes.
    mutating func writeCount(_ count: Int, byteCount: Int, of what: String) throws(ISCP1EncodingError) {
        let maximum = (1 << (8 * byteCount)) - 1
        guard count <= maximum else { throw .tooMany(what, count: count, maximum: maximum) }
        writeLittleEndian(count, byteCount: byteCount)
    }

    /// Appends a length byte and `text` as UTF-8, for the short ids and labels of spec §2.4.
    mutating func writeShortUTF8(_ text: String, of what: String) throws(ISCP1EncodingError) {
        let utf8 = text.utf8
        guard utf8.count <= Int(UInt8.max) else {
            throw .outOfRange("byte length of the \(what)", value: UInt64(utf8.count), maximum: UInt64(UInt8.max))
        }
        writeUInt8(UInt8(utf8.count))
        writeBytes(utf8)
    }

    /// Appends `value` as a variable-length integer of `width` bytes (spec §2.2).
    mutating func write(
        _ value: UInt32,
        as format: ISCP1VariableLengthUInt,
        width: Int,
        of what: String
    ) throws(ISCP1EncodingError) {
        guard format.widths.contains(width) else {
            throw .outOfRange("width of \(what)", value: UInt64(width), maximum: UInt64(format.widths.upperBound))
        }
        let maximum = format.maximumValue(width: width)
        guard value <= maximum else { throw .outOfRange(what, value: UInt64(value), maximum: UInt64(maximum)) }
        let raw = UInt64(value) << format.widthBitCount | UInt64(width - format.widths.lowerBound)
        writeLittleEndian(raw, byteCount: width)
    }
}
