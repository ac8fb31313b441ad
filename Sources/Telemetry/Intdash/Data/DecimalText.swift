import NIOCore

/// Integers in decimal digits, as `String(value)` spells them, written in place without
/// making the string: the one writer of the digits in `GET /v1/data`'s answers, both JSON
/// (through ``NIOCore/ByteBuffer/writeDecimal(_:)``) and protobuf.
enum DecimalText {
    /// How many bytes `value` takes: its digits, and a minus sign when it is negative.
    static func size(of value: Int64) -> Int {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits + (value < 0 ? 1 : 0)
    }

    /// Writes `value` at the start of `bytes`, which must hold ``size(of:)`` bytes; returns
    /// how many it wrote.
    static func write(_ value: Int64, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        let size = size(of: value)
        if value < 0 { bytes[0] = UInt8(ascii: "-") }
        var magnitude = value.magnitude
        var position = size
        repeat {
            position -= 1
            bytes[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
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
