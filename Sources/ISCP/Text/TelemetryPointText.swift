import Foundation

/// How data points are written as text and read back: the CSV line
/// `elapsed,data_type,data_name,value` that `chancery stream up` reads and `stream down` and
/// `measurements export` write.
///
/// - `elapsed`: seconds since the measurement's base time, a decimal with up to nine digits
///   after the point (`12`, `0.5`, `-1.000000001`); it is kept to the nanosecond.
/// - `value` by `data_type`: `float64` a number (8 bytes IEEE 754, big-endian), `int64` a
///   whole number (8 bytes, big-endian), `string` the text up to the end of the line (commas
///   included); any other type the payload in hexadecimal (`bytes`, `can`, `jpeg`, …).
public enum TelemetryPointText {
    /// One point a CSV line describes.
    public struct Line: Equatable, Sendable {
        /// Nanoseconds since the base time.
        public let elapsedTime: Int64
        /// The data id's type, such as `float64`.
        public let dataType: String
        /// The data id's name, such as `1/speed`.
        public let dataName: String
        /// The encoded value.
        public let payload: [UInt8]
    }

    /// The header line `stream down` and `measurements export` write first, which
    /// ``parse(_:)`` skips.
    public static let header = "elapsed,data_type,data_name,value"

    /// Reads one line; `nil` for a blank line, a comment (`#…`) or the header.
    ///
    /// - Throws: A description of what is wrong with the line.
    public static func parse(_ line: Substring) throws(TelemetryPointTextError) -> Line? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == header { return nil }
        let fields = line.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4 else {
            throw TelemetryPointTextError("expected 4 fields (elapsed,data_type,data_name,value), found \(fields.count)")
        }
        let type = fields[1].trimmingCharacters(in: .whitespaces)
        let name = fields[2].trimmingCharacters(in: .whitespaces)
        guard !type.isEmpty, !name.isEmpty else { throw TelemetryPointTextError("the data type and the data name must not be empty") }
        let elapsed = try elapsedTime(fields[0].trimmingCharacters(in: .whitespaces))
        let value = type == "string" ? String(fields[3]) : fields[3].trimmingCharacters(in: .whitespaces)
        return Line(elapsedTime: elapsed, dataType: type, dataName: name, payload: try payload(type: type, value: value))
    }

    /// Nanoseconds from decimal seconds, exactly.
    public static func elapsedTime(_ text: String) throws(TelemetryPointTextError) -> Int64 {
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, fraction.count <= 9, (whole + fraction).allSatisfy(\.isASCIIDigit),
            let seconds = Int64(whole), let nanoseconds = Int64(fraction.padding(toLength: 9, withPad: "0", startingAt: 0))
        else {
            throw TelemetryPointTextError("elapsed '\(text)' is not a number of seconds with at most 9 decimals")
        }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, scaled <= Int64.max - nanoseconds else { throw TelemetryPointTextError("elapsed '\(text)' is too large") }
        return negative ? -(scaled + nanoseconds) : scaled + nanoseconds
    }

    /// Decimal seconds from nanoseconds: nine digits after the point.
    public static func elapsedText(_ nanoseconds: Int64) -> String {
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1_000_000_000)
        let zeros = String(repeating: "0", count: 9 - fraction.count)
        return "\(nanoseconds < 0 ? "-" : "")\(magnitude / 1_000_000_000).\(zeros)\(fraction)"
    }

    /// The payload `value` stands for in a point of type `type`.
    public static func payload(type: String, value: String) throws(TelemetryPointTextError) -> [UInt8] {
        switch type {
        case "float64":
            guard let number = Double(value) else { throw TelemetryPointTextError("'\(value)' is not a number (float64)") }
            return bigEndianBytes(number.bitPattern)
        case "int64":
            guard let number = Int64(value) else { throw TelemetryPointTextError("'\(value)' is not a whole number (int64)") }
            return bigEndianBytes(UInt64(bitPattern: number))
        case "string":
            return Array(value.utf8)
        default:
            guard value.count.isMultiple(of: 2), let bytes = hexBytes(value) else {
                throw TelemetryPointTextError("'\(value)' is not hexadecimal bytes (\(type))")
            }
            return bytes
        }
    }

    /// The value of a payload as text: a number for a well-formed `float64` or `int64`, the
    /// text of a UTF-8 `string`, and hexadecimal otherwise.
    public static func valueText(type: String, payload: [UInt8]) -> String {
        switch decoded(type: type, payload: payload) {
        case .float(let number): "\(number)"
        case .integer(let number): "\(number)"
        case .text(let text): text
        case .hex(let hex): hex
        }
    }

    /// A payload's value as its type gives it.
    public enum Value: Equatable, Sendable {
        /// A `float64`.
        case float(Double)
        /// An `int64`.
        case integer(Int64)
        /// A `string`.
        case text(String)
        /// Any other payload, or one that does not fit its type, in hexadecimal.
        case hex(String)
    }

    /// The value a payload of type `type` holds.
    public static func decoded(type: String, payload: [UInt8]) -> Value {
        switch type {
        case "float64" where payload.count == 8:
            return .float(Double(bitPattern: bigEndianInteger(payload)))
        case "int64" where payload.count == 8:
            return .integer(Int64(bitPattern: bigEndianInteger(payload)))
        case "string":
            if let text = String(validating: payload, as: UTF8.self) { return .text(text) }
            return .hex(hexText(payload))
        default:
            return .hex(hexText(payload))
        }
    }

    /// One CSV line (without the newline) for a point.
    public static func line(elapsedTime: Int64, dataType: String, dataName: String, payload: [UInt8]) -> String {
        "\(elapsedText(elapsedTime)),\(dataType),\(dataName),\(valueText(type: dataType, payload: payload))"
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    private static func bigEndianInteger(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func hexText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text {
            guard let nibble = character.hexDigitValue.map(UInt8.init) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }
}

/// Why a line of points is not valid, for a message that also names the line.
public struct TelemetryPointTextError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
