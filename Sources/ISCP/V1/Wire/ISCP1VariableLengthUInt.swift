/// The variable-length unsigned integers of iSCP 1.0 (spec §2.2), all little-endian.
///
/// The low bits of the first byte say how many bytes follow the shortest form; the value is the
/// whole little-endian integer shifted right past those bits. VU16/24 spends one bit on that,
/// VU16/32 and VU8/32 spend two.
public enum ISCP1VariableLengthUInt: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 2 or 3 bytes, 15 or 23 value bits: a unit's elapsed seconds.
    case vu16to24
    /// 2 to 4 bytes, 14 to 30 value bits: a unit's elapsed fraction, whose width is its precision.
    case vu16to32
    /// 1 to 4 bytes, 6 to 30 value bits: a unit's payload length.
    case vu8to32

    /// The byte lengths the format allows.
    public var widths: ClosedRange<Int> {
        switch self {
        case .vu16to24: 2...3
        case .vu16to32: 2...4
        case .vu8to32: 1...4
        }
    }

    /// How many low bits of the first byte hold the number of extra bytes.
    var widthBitCount: Int {
        self == .vu16to24 ? 1 : 2
    }

    /// The bits of the first byte that hold the number of extra bytes.
    var widthMask: UInt8 {
        UInt8((1 << widthBitCount) - 1)
    }

    /// The largest value that fits in `width` bytes (which must be one of ``widths``).
    public func maximumValue(width: Int) -> UInt32 {
        UInt32((UInt64(1) << (8 * width - widthBitCount)) - 1)
    }

    /// The shortest width that holds `value`, or `nil` if none does.
    ///
    /// These are the thresholds the spec gives writers: elapsed seconds take 2 bytes below
    /// 32768; payload lengths take 1, 2 or 3 bytes below 64, 16384 and 4194304.
    public func smallestWidth(for value: UInt32) -> Int? {
        widths.first { value <= maximumValue(width: $0) }
    }

    /// Encodes `value` in `width` bytes, or in the shortest width that holds it.
    public func encode(_ value: UInt32, width: Int? = nil) throws(ISCP1EncodingError) -> [UInt8] {
        var writer = ISCP1ByteWriter()
        let chosen = width ?? smallestWidth(for: value) ?? widths.upperBound
        try writer.write(value, as: self, width: chosen, of: "\(self) value")
        return writer.bytes
    }

    /// Decodes `bytes`, which must hold exactly one integer of this format, and says how many
    /// bytes it had.
    public func decode(_ bytes: [UInt8]) throws(ISCP1DecodingError) -> (value: UInt32, width: Int) {
        var reader = ISCP1ByteReader(bytes)
        let decoded = try reader.read(self)
        try reader.expectEnd()
        return decoded
    }

    /// The format's name in the spec, such as `VU16/24`.
    public var description: String {
        switch self {
        case .vu16to24: "VU16/24"
        case .vu16to32: "VU16/32"
        case .vu8to32: "VU8/32"
        }
    }
}
