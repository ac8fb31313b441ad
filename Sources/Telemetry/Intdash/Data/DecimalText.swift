import NIOCore

/// Integers in decimal digits, as `String(value)` spells them, written in place without
/// making the string: the one writer of the integers in `GET /v1/data`'s JSON answers
/// (through ``NIOCore/ByteBuffer/writeDecimal(_:)``).
///
/// An answer holds a time of sixteen digits or more for every point, so the digits are found
/// the quick way: their count from the number's bit length and one comparison, and two
/// digits per division.
enum DecimalText {
    /// The two digits of 0 through 99, in order: `00`, `01`, … `99`. A literal, so that reading
    /// it costs neither a check that it was made nor one of an array's bounds.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

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
        return max(1, magnitude >= powerOfTen(lower) ? lower + 1 : lower)
    }

    /// 10 to the power `exponent`, for 0 through 19: every power of ten a `UInt64` holds.
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
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
    static func write(_ value: Int64, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        let size = size(of: value)
        precondition(bytes.count >= size, "no room for the digits")
        guard let start = bytes.baseAddress else { return 0 }
        if value < 0 { start.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        var magnitude = value.magnitude
        var end = start + size
        while magnitude >= 100 {
            end -= 2
            end.copyMemory(from: pairs + Int(magnitude % 100) * 2, byteCount: 2)
            magnitude /= 100
        }
        if magnitude >= 10 {
            (end - 2).copyMemory(from: pairs + Int(magnitude) * 2, byteCount: 2)
        } else {
            (end - 1).storeBytes(of: UInt8(ascii: "0") + UInt8(magnitude), as: UInt8.self)
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
