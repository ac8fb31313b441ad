import Foundation

/// The number a point of a data id plots as, when its payload holds one.
///
/// - `float64`, `float32`: IEEE 754, big-endian (8 and 4 bytes), as ``ISCP1DataMapping`` and
///   iSCP v2 write them;
/// - `int8` … `int64`, `uint8` … `uint64`: two's complement or unsigned, big-endian, of
///   the type's size;
/// - `string`: UTF-8 text that reads as a decimal number.
///
/// Every other payload (and one of the wrong size, or not finite) has no number: the console
/// counts such points instead of plotting them.
enum TelemetryPlotValue {
    /// The number `payload` holds for a data id of `type`, or `nil`.
    static func number(type: String, payload: ArraySlice<UInt8>) -> Double? {
        let value: Double?
        switch type {
        case "float64": value = payload.count == 8 ? Double(bitPattern: bigEndian(payload)) : nil
        case "float32": value = payload.count == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bigEndian(payload)))) : nil
        case "string": value = Double(String(decoding: payload.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespaces))
        default: value = integer(type: type, payload: payload)
        }
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// The value of a payload of an integer type of matching size.
    private static func integer(type: String, payload: ArraySlice<UInt8>) -> Double? {
        let signed = type.hasPrefix("int")
        guard signed || type.hasPrefix("uint"), let bits = Int(type.drop { $0.isLetter }), [8, 16, 32, 64].contains(bits),
            payload.count == bits / 8
        else { return nil }
        let raw = bigEndian(payload)
        guard signed else { return Double(raw) }
        let shift = UInt64(64 - bits)
        return Double(Int64(bitPattern: raw << shift) >> Int64(shift))
    }

    /// The bytes as one big-endian unsigned number (up to eight of them).
    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
