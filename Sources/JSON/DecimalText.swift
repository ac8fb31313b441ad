/// Integers in decimal digits, as `String(value)` spells them, written in place without
/// making the string: the digits of JSON numbers (``JSONNumberText``) and of the integers in
/// answers written often, such as one time per point in `GET /v1/data`'s.
///
/// The digits are found the quick way: their count from the number's bit length and one
/// comparison, and two digits per division.
public enum DecimalText {
    /// The two digits of 0 through 99, in order: `00`, `01`, … `99`. A literal, so that reading
    /// it costs neither a check that it was made nor one of an array's bounds.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The most bytes an `Int64` takes: `-9223372036854775808`.
    public static var maxSize: Int { 20 }

    /// How many bytes `value` takes: its digits, and a minus sign when it is negative.
    public static func size(of value: Int64) -> Int {
        digitCount(of: value.magnitude) + (value < 0 ? 1 : 0)
    }

    /// How many decimal digits `magnitude` has (one for zero).
    ///
    /// A number of `b` bits has ⌊b·log₁₀2⌋ or one more digits (1233/4096 is log₁₀2 to four
    /// places, close enough for 64 bits); one comparison with a power of ten tells which.
    @inline(__always)
    static func digitCount(of magnitude: UInt64) -> Int {
        let bits = UInt64.bitWidth - magnitude.leadingZeroBitCount
        let lower = (bits * 1233) >> 12
        return max(1, magnitude >= powerOfTen(lower) ? lower + 1 : lower)
    }

    /// 10 to the power `exponent`, for 0 through 19: every power of ten a `UInt64` holds.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// Writes `value` at the start of `bytes`, which must hold ``size(of:)`` bytes; returns
    /// how many it wrote.
    public static func write(_ value: Int64, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        let size = size(of: value)
        precondition(bytes.count >= size, "no room for the digits")
        guard let start = bytes.baseAddress else { return 0 }
        if value < 0 { start.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
        writeDigits(of: value.magnitude, endingAt: start + size)
        return size
    }

    /// Writes the ``digitCount(of:)`` digits of `magnitude` so that the last one ends right
    /// before `end`.
    ///
    /// Eight digits at a time are split off with one 64-bit division, and written two at a
    /// time with 32-bit ones, which cost less.
    static func writeDigits(of magnitude: UInt64, endingAt end: UnsafeMutableRawPointer) {
        var end = end
        var magnitude = magnitude
        while magnitude >= 100_000_000 {
            var eight = UInt32(truncatingIfNeeded: magnitude % 100_000_000)
            magnitude /= 100_000_000
            for _ in 0..<4 {
                end -= 2
                writePair(eight % 100, at: end)
                eight /= 100
            }
        }
        var rest = UInt32(truncatingIfNeeded: magnitude)
        while rest >= 100 {
            end -= 2
            writePair(rest % 100, at: end)
            rest /= 100
        }
        if rest >= 10 {
            writePair(rest, at: end - 2)
        } else {
            (end - 1).storeBytes(of: UInt8(ascii: "0") + UInt8(rest), as: UInt8.self)
        }
    }

    /// Writes the two digits of `pair`, 0 through 99, at `position`.
    private static func writePair(_ pair: UInt32, at position: UnsafeMutableRawPointer) {
        let digits = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: Int(pair) * 2, as: UInt16.self)
        position.storeBytes(of: digits, as: UInt16.self)
    }
}
