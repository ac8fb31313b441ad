/// The shortest decimal that reads back as a given `Double`: the digits `description` writes,
/// found by the Schubfach method (Raffaello Giulietti, "The Schubfach way to render doubles",
/// 2020), which takes three 64 × 128-bit products of the number's bits and a power of ten.
///
/// Of the decimals that round to the number, the one with the fewest digits; of several with as
/// few, the closest to the number, and of two as close, the one ending in an even digit.
struct ShortestDecimal {
    /// The decimal's digits as a number, with no trailing zero (zero for the number zero).
    let digits: UInt64
    /// The power of ten the digits are scaled by: the decimal is `digits × 10^exponent`.
    let exponent: Int

    /// The decimal of `value`'s magnitude, a finite number.
    init(_ value: Double) {
        precondition(value.isFinite, "only a finite number has a decimal")
        let fraction = value.bitPattern & Self.fractionMask
        let biasedExponent = Int((value.bitPattern >> 52) & 0x7FF)
        var found: (digits: UInt64, exponent: Int)
        if biasedExponent != 0 {
            let significand = Self.hiddenBit | fraction
            // The number is significand × 2^-shift.
            let shift = 1075 - biasedExponent
            if 0 < shift, shift < 53, (significand >> UInt64(shift)) << UInt64(shift) == significand {
                found = (significand >> UInt64(shift), 0)
            } else {
                found = Self.decimal(binaryExponent: -shift, significand: significand)
            }
        } else if fraction == 0 {
            found = (0, 0)
        } else if fraction == 1 {
            // The two least numbers, 2^-1074 and 2^-1073, round from intervals wider than the
            // method allows; each holds several decimals of one digit, the closest is this one.
            found = (5, -324)
        } else if fraction == 2 {
            found = (1, -323)
        } else {
            found = Self.decimal(binaryExponent: Self.minBinaryExponent, significand: fraction)
        }
        if found.digits != 0, found.digits % 10 == 0 {
            // Rare but for numbers of few digits: most come without a trailing zero.
            (found.digits, found.exponent) = Self.removingTrailingZeros(found.digits, found.exponent)
        }
        digits = found.digits
        exponent = found.exponent
    }

    /// The bits of a `Double`'s fraction.
    private static let fractionMask: UInt64 = (1 << 52) - 1
    /// The leading bit of a normal number's significand, which its bits leave out.
    private static let hiddenBit: UInt64 = 1 << 52
    /// The binary exponent of the smallest numbers: `2^-1074` is the least step.
    private static let minBinaryExponent = -1074
    /// The low 63 bits.
    private static let low63: UInt64 = (1 << 63) - 1

    /// The shortest decimal of `significand × 2^binaryExponent`, a number greater than
    /// 2^-1073.
    private static func decimal(binaryExponent q: Int, significand c: UInt64) -> (UInt64, Int) {
        let isOdd: UInt64 = c & 1
        // The number and the bounds of the interval that rounds to it, times four.
        let scaled = c << 2
        let upper = scaled + 2
        let lower: UInt64
        let k: Int
        if c != hiddenBit || q == minBinaryExponent {
            lower = scaled - 2
            k = floorLog10(ofPowerOfTwo: q)
        } else {
            // At a power of two the interval is narrower below.
            lower = scaled - 1
            k = floorLog10(ofThreeQuartersOfPowerOfTwo: q)
        }
        let h = q + floorLog2(ofPowerOfTen: -k) + 2
        let power = PowerOfTenTable.entry(for: k)
        let value = roundedProduct(power, scaled << UInt64(h))
        let valueLower = roundedProduct(power, lower << UInt64(h))
        let valueUpper = roundedProduct(power, upper << UInt64(h))
        let s = value >> 2
        if s >= 10 {
            // One digit fewer, if exactly one of its two neighbours is in the interval.
            let shorterDigits = s / 10
            let shorter = shorterDigits * 10
            let shorterAbove = shorter + 10
            let shorterIn = valueLower + isOdd <= shorter << 2
            let shorterAboveIn = (shorterAbove << 2) + isOdd <= valueUpper
            if shorterIn != shorterAboveIn { return (shorterIn ? shorterDigits : shorterDigits + 1, k + 1) }
        }
        let t = s + 1
        let sIn = valueLower + isOdd <= s << 2
        let tIn = (t << 2) + isOdd <= valueUpper
        if sIn != tIn { return (sIn ? s : t, k) }
        // Both or neither: the closer to the number, the even one at a tie.
        let difference = Int64(bitPattern: value &- ((s + t) << 1))
        return (difference < 0 || (difference == 0 && s & 1 == 0) ? s : t, k)
    }

    /// `digits × 10^exponent` with the trailing zeros of `digits` (at most 16 of them) taken
    /// off eight, four, two and one at a time.
    private static func removingTrailingZeros(_ digits: UInt64, _ exponent: Int) -> (UInt64, Int) {
        var (digits, exponent) = (digits, exponent)
        var zeros = 8
        while zeros > 0 {
            let power = DecimalText.powerOfTen(zeros)
            while digits % power == 0 {
                digits /= power
                exponent += zeros
            }
            zeros /= 2
        }
        return (digits, exponent)
    }

    /// `power × scaled / 2^128`, rounded up to odd when inexact (`power` is 126 bits, split in
    /// two 63-bit halves).
    private static func roundedProduct(_ power: PowerOfTenTable.Entry, _ scaled: UInt64) -> UInt64 {
        let lowHigh = power.low.multipliedFullWidth(by: scaled).high
        let (highHigh, highLow) = power.high.multipliedFullWidth(by: scaled)
        let middle = (highLow >> 1) &+ lowHigh
        let result = highHigh &+ (middle >> 63)
        return result | (((middle & low63) &+ low63) >> 63)
    }

    /// ⌊log₁₀ 2^e⌋, for |e| up to 5,456,721.
    private static func floorLog10(ofPowerOfTwo e: Int) -> Int {
        (e * 661_971_961_083) >> 41
    }

    /// ⌊log₁₀ (3/4 · 2^e)⌋, for |e| up to 5,456,721.
    private static func floorLog10(ofThreeQuartersOfPowerOfTwo e: Int) -> Int {
        (e * 661_971_961_083 - 274_743_187_321) >> 41
    }

    /// ⌊log₂ 10^e⌋, for |e| up to 1,838,394.
    static func floorLog2(ofPowerOfTen e: Int) -> Int {
        (e * 913_124_641_741) >> 38
    }
}
