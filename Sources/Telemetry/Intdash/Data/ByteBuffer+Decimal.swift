import JSON
import NIOCore

extension ByteBuffer {
    /// Appends `value` in decimal digits, as `String(value)` spells it, without making the
    /// string.
    mutating func writeDecimal(_ value: Int64) {
        writeWithUnsafeMutableBytes(minimumWritableBytes: DecimalText.size(of: value)) { DecimalText.write(value, into: $0) }
    }
}
