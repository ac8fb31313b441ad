/// Reads the fixed-width numbers of date and duration literals, one Unicode scalar at a time.
struct DigitReader {
    /// The text being read.
    private let scalars: [Unicode.Scalar]
    /// The next scalar to read.
    private var index = 0

    /// A reader at the start of `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Whether everything has been read.
    var isAtEnd: Bool { index == scalars.count }

    /// Reads `scalar` if it comes next.
    mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    /// Reads exactly `digits` ASCII digits as a number.
    mutating func number(digits: Int) -> Int? {
        guard index + digits <= scalars.count else { return nil }
        var value = 0
        for scalar in scalars[index..<index + digits] {
            guard let digit = Self.digitValue(scalar) else { return nil }
            value = value * 10 + digit
        }
        index += digits
        return value
    }

    /// Reads 1 to `maximumDigits` ASCII digits as a number; nil when there are none or more.
    mutating func number(upTo maximumDigits: Int) -> Int? {
        var value = 0
        var count = 0
        while index < scalars.count, let digit = Self.digitValue(scalars[index]) {
            guard count < maximumDigits else { return nil }
            value = value * 10 + digit
            count += 1
            index += 1
        }
        return count == 0 ? nil : value
    }

    /// Reads the digits after a decimal point (1 to 9 of them) as milliseconds, truncating.
    mutating func fractionInMilliseconds() -> Int? {
        var milliseconds = 0
        var count = 0
        while index < scalars.count, let digit = Self.digitValue(scalars[index]) {
            guard count < 9 else { return nil }
            if count < 3 { milliseconds = milliseconds * 10 + digit }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { milliseconds *= 10 }
        return milliseconds
    }

    /// The value of an ASCII digit.
    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 48) : nil
    }
}
