/// How a ``Signal`` turns the value of a point into its own value: intdash's `conversion`,
/// one of seven types. ``apply(to:)`` says exactly what each reads and makes.
///
/// Byte and bit positions count from 0 at the start of the point's value (for a CAN frame its
/// data bytes, for a general sensor reading the bytes after the sensor id, for a String unit
/// its UTF-8 text).
public enum SignalConversion: Sendable, Hashable, Codable {
    /// The value as it is (`none`).
    case none
    /// The member at `fieldPath` of the value read as a JSON document (`json`): `fieldPath`
    /// names the members from the outside in, separated by `.`; a part that is a whole number
    /// indexes an array.
    case json(fieldPath: String, valueType: SignalValueType)
    /// Field `index` (from 0) of the value read as one line of text split at every occurrence
    /// of any of `delimiters` (`csv`).
    case csv(delimiters: [String], index: Int, valueType: SignalValueType)
    /// An IEEE 754 number of `precision` bits (32 or 64) starting at byte `startByte`
    /// (`num_floating_point`).
    case floatingPoint(startByte: Int, endian: SignalEndian, precision: Int)
    /// A whole number of `bitSize` bits (1 to 64) starting at bit `startBit`, times `scale`
    /// plus `offset` (`num_fixed_point`).
    ///
    /// With `little` endianness bit `n` is bit `n % 8` (counted from the least significant)
    /// of byte `n / 8`, and the field's lowest bit is `startBit`, as in a DBC file's Intel
    /// signals. With `big` the bytes form one big-endian number whose most significant bit is
    /// bit 0, and the field's most significant bit is `startBit`.
    case fixedPoint(startBit: Int, bitSize: Int, endian: SignalEndian, isSigned: Bool, scale: Double, offset: Double)
    /// `byteSize` bytes from byte `startByte` (`sub_bytes`).
    case subBytes(startByte: Int, byteSize: Int)
    /// `byteSize` bytes of UTF-8 text from byte `startByte`, which must cut no character in
    /// two (`sub_string`).
    case subString(startByte: Int, byteSize: Int)
}

/// What a text conversion (``SignalConversion/json(fieldPath:valueType:)``,
/// ``SignalConversion/csv(delimiters:index:valueType:)``) makes of the text it finds.
public enum SignalValueType: String, Sendable, Hashable, Codable {
    /// The text as it is.
    case text = "str"
    /// A number the text spells.
    case number = "num"
}

/// The byte order of a number in a point's value.
public enum SignalEndian: String, Sendable, Hashable, Codable {
    /// Least significant byte first.
    case little
    /// Most significant byte first.
    case big
}
