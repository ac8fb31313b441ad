import NIOCore

/// Integers in decimal digits, as `String(value)` spells them, written in place without
/// making the string: the one writer of the integers in `GET /v1/data`'s JSON answers
/// (through ``NIOCore/ByteBuffer/writeDecimal(_:)``).
///
/// An answer holds a time of sixteen digits or more for every point, so the digits are found
/// the quick way: their count from the number's bit length and one comparison, and two
/// digits per division.
enum DecimalText {
    /// 10⁰ through 10¹⁹: every power of ten a `UInt64` holds.
    private static let powersOfTen: [UInt64] = (0..<20).map { exponent in (0..<exponent).reduce(1) { power, _ in power * 10 } }
    /// The two digits of 0 through 99, in order: `00`, `01`, … `99`.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }

    /// The most bytes an `Int64` takes: `-9223372036854775808`.
    static var maxSize: Int { 20 }

    /// How many bytes `value` takes: its digits, and a minus sign when it is negative.
    static func size(of value: Int64) -> Int {
        digitCount(of: value.magnitude) + (value < 0 ? 1 : 0)
    }

    /// How many decimal digits `magnitude` has (one for zero).
    ///
    /// A number of `b` bits has ⌊b·log₁₀2⌋ or one more digits (1233/4096 is log₁₀2 to four
    /// places, close enough for 64 bits); one comparison with a power of ten tells which.
    private static func digitCount(of magnitude: UInt64) -> Int {
        let bits = UInt64.bitWidth - magnitude.leadingZeroBitCount
        let lower = (bits * 1233) >> 12
        return max(1, magnitude >= powersOfTen[lower] ? lower + 1 : lower)
    }

    /// Writes `value` at the start of `bytes`, which must hold ``size(of:)`` bytes; returns
    /// how many it wrote.
    static func write(_ value: Int64, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        let size = size(of: value)
        precondition(bytes.count >= size, "no room for the digits")
        if value < 0 { bytes[0] = UInt8(ascii: "-") }
        var magnitude = value.magnitude
        var position = size
        digitPairs.withUnsafeBufferPointer { pairs in
            while magnitude >= 100 {
                let pair = Int(magnitude % 100) * 2
                magnitude /= 100
                position -= 2
                bytes[position] = pairs[pair]
                bytes[position + 1] = pairs[pair + 1]
            }
            if magnitude >= 10 {
                bytes[position - 2] = pairs[Int(magnitude) * 2]
                bytes[position - 1] = pairs[Int(magnitude) * 2 + 1]
            } else {
                bytes[position - 1] = UInt8(ascii: "0") + UInt8(magnitude)
            }
        }
        return size
    }
}

extension ByteBuffer {
    /// Appends `value` in decimal digits, as `String(value)` spells it, without making the
    /// string.
    mutating func writeDecimal(_ value: Int64) {
        writeWithUnsafeMutableBytes(minimumWritableBytes: DecimalText.size(of: value)) { DecimalText.write(value, into: $0) }
    }
}
