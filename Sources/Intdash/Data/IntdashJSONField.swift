import Foundation

/// Reads the fields of the JSON objects ``IntdashData`` subclasses are made from, whether they
/// come from `JSONSerialization` (numbers as `NSNumber`) or were built in Swift.
enum IntdashJSONField {
    /// The bytes of a base64 string or of an array of numbers from 0 to 255.
    static func bytes(_ value: Any?) -> [UInt8]? {
        if let text = value as? String {
            return Data(base64Encoded: text).map { [UInt8]($0) }
        }
        if let bytes = value as? [UInt8] {
            return bytes
        }
        guard let numbers = value as? [Any] else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(numbers.count)
        for number in numbers {
            guard let byte = integer(number, as: UInt8.self) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// The base64 form `bytes` are written in.
    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// An integer that fits `type` exactly.
    static func integer<Value: FixedWidthInteger>(_ value: Any?, as type: Value.Type) -> Value? {
        switch value {
        case let number as Value: return number
        case let number as Int: return Value(exactly: number)
        case let number as Int64: return Value(exactly: number)
        case let number as UInt64: return Value(exactly: number)
        case let number as Double: return Value(exactly: number)
        case let number as NSNumber: return Value(exactly: number.int64Value).flatMap { Double($0) == number.doubleValue ? $0 : nil }
        default: return nil
        }
    }

    /// A number.
    static func double(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: return number
        case let number as Float: return Double(number)
        case let number as Int: return Double(number)
        case let number as Int64: return Double(number)
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }
}
