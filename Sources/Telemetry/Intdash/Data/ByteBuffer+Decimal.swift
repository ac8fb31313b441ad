import NIOCore

extension ByteBuffer {
    /// Appends `value` in decimal digits, as `String(value)` spells it, without making the
    /// string.
    mutating func writeDecimal(_ value: Int64) {
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let size = digits + (value < 0 ? 1 : 0)
        writeWithUnsafeMutableBytes(minimumWritableBytes: size) { raw in
            if value < 0 { raw[0] = UInt8(ascii: "-") }
            var position = size
            repeat {
                position -= 1
                raw[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            return size
        }
    }
}
