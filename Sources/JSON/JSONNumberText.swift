/// A finite `Double`'s JSON text: what `description` spells (the fewest digits that read back
/// as the same number) without the `.0` it gives a whole number, as `JSONEncoder` writes it,
/// written in place without making a string.
///
/// `description`'s two forms: positional (`0.0001`, `123.25`, `9007199254740992`) for
/// magnitudes from 10^-4 to 2^53, and otherwise scientific with at least two digits of
/// exponent (`1e-05`, `1.5e+16`, `5e-324`).
public enum JSONNumberText {
    /// The most bytes the text takes (24: `-1.7976931348623157e+308`) and then some.
    public static var maxSize: Int { 32 }

    /// Writes the text of `value`, a finite number, at the start of `bytes`, which must hold
    /// ``maxSize`` bytes; returns how many it wrote.
    public static func write(_ value: Double, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        precondition(value.isFinite, "JSON has no text for \(value)")
        precondition(bytes.count >= maxSize, "no room for the text")
        guard let start = bytes.baseAddress else { return 0 }
        var end = start
        if value.sign == .minus { put("-", at: &end) }
        let decimal = ShortestDecimal(value)
        guard decimal.digits != 0 else {
            put("0", at: &end)
            return end - start
        }
        let digitCount = DecimalText.digitCount(of: decimal.digits)
        // Where the decimal point falls after the first digit: 1 for 1.5, 0 for 0.15, -2 for 0.0015.
        let point = digitCount + decimal.exponent
        let magnitude = value.magnitude
        if magnitude < 1e-4 || magnitude > 0x1p53 {
            // d.ddde±xx: the digits one place on, the first moved back before the point.
            DecimalText.writeDigits(of: decimal.digits, endingAt: end + 1 + digitCount)
            end.storeBytes(of: end.load(fromByteOffset: 1, as: UInt8.self), as: UInt8.self)
            if digitCount > 1 {
                (end + 1).storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
                end += digitCount + 1
            } else {
                end += 1
            }
            let exponent = point - 1
            put("e", at: &end)
            put(exponent < 0 ? "-" : "+", at: &end)
            let exponentDigits = max(2, DecimalText.digitCount(of: UInt64(exponent.magnitude)))
            DecimalText.writeDigits(of: UInt64(exponent.magnitude), endingAt: end + exponentDigits)
            if exponent.magnitude < 10 { end.storeBytes(of: UInt8(ascii: "0"), as: UInt8.self) }
            return end + exponentDigits - start
        }
        if point <= 0 {
            // 0.000ddd
            put("0", at: &end)
            put(".", at: &end)
            for _ in 0 ..< -point { put("0", at: &end) }
            DecimalText.writeDigits(of: decimal.digits, endingAt: end + digitCount)
            return end + digitCount - start
        }
        if point >= digitCount {
            // ddd000, a whole number.
            DecimalText.writeDigits(of: decimal.digits, endingAt: end + digitCount)
            end += digitCount
            for _ in 0..<(point - digitCount) { put("0", at: &end) }
            return end - start
        }
        // dd.ddd: the digits one place on, those before the point moved back.
        DecimalText.writeDigits(of: decimal.digits, endingAt: end + 1 + digitCount)
        for index in 0..<point { end.storeBytes(of: end.load(fromByteOffset: index + 1, as: UInt8.self), toByteOffset: index, as: UInt8.self) }
        (end + point).storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
        return end + digitCount + 1 - start
    }

    /// Writes the character `ascii` at `position` and moves past it.
    private static func put(_ ascii: Unicode.Scalar, at position: inout UnsafeMutableRawPointer) {
        position.storeBytes(of: UInt8(ascii: ascii), as: UInt8.self)
        position += 1
    }
}
