import Foundation
import JSON

/// How points are written as NDJSON: one compact JSON object a line, keys sorted.
public enum TelemetryPointJSON {
    /// The object as one line.
    public static func line(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // An object of strings and numbers always encodes.
        return String(decoding: (try? encoder.encode(JSONValue.object(object))) ?? Data(), as: UTF8.self)
    }

    /// A payload's value: a number for float64 and int64, text for string, else hexadecimal;
    /// a float64 that JSON cannot hold (NaN, infinity) as its text.
    public static func value(type: String, payload: [UInt8]) -> JSONValue {
        switch TelemetryPointText.decoded(type: type, payload: payload) {
        case .float(let number): number.isFinite ? .number(number) : .string("\(number)")
        case .integer(let number): .integer(Int(number))
        case .text(let text), .hex(let text): .string(text)
        }
    }
}
