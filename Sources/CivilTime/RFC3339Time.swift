/// An instant written as RFC 3339 text, such as `2026-01-02T03:04:05.678Z`: whole seconds since
/// 1970 and the nanoseconds within that second.
///
/// Reading and writing the text is arithmetic on ``UTCDateTime`` and the text's bytes, never a
/// formatter: the APIs write one for every report, document and chunk they answer.
///
/// ```swift
/// let time = RFC3339Time("2026-01-02T03:04:05.5+01:00")!
/// time.text(fractionDigits: 3)   // "2026-01-02T02:04:05.500Z"
/// ```
public struct RFC3339Time: Hashable, Sendable {
    /// Whole seconds from 1970-01-01T00:00:00Z to the instant (rounded down).
    public let secondsSince1970: Int
    /// The nanoseconds after ``secondsSince1970``, 0..<1,000,000,000.
    public let nanosecond: Int

    /// The instant `nanosecond` nanoseconds (0..<1,000,000,000) after the second
    /// `secondsSince1970`.
    public init(secondsSince1970: Int, nanosecond: Int) {
        precondition((0..<1_000_000_000).contains(nanosecond), "a nanosecond within the second")
        self.secondsSince1970 = secondsSince1970
        self.nanosecond = nanosecond
    }

    /// The instant `milliseconds` after 1970-01-01T00:00:00Z (before it, when negative).
    public init(millisecondsSince1970 milliseconds: Int) {
        let (seconds, millisecond) = milliseconds.dividedRoundingDown(by: 1000)
        self.init(secondsSince1970: seconds, nanosecond: millisecond * 1_000_000)
    }

    /// The instant of `text`: `YYYY-MM-DD`, `T` (or `t` or a space), `hh:mm:ss`, optionally
    /// `.` and one to nine fraction digits, then `Z` (or `z`) or an offset `±hh:mm`; `nil` when
    /// `text` is not that or names no date and time (February 30, hour 24).
    public init?(_ text: some StringProtocol) {
        var text = String(text)
        guard let time = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = time
    }

    /// The instant as `YYYY-MM-DDThh:mm:ss.fffZ` in UTC with `fractionDigits` (0...9) digits of
    /// the second, truncated, and no `.` for none. Years before 1 and after 9999, which RFC 3339
    /// cannot write, come out as `UTCDateTime` counts them, in at least four digits.
    public func text(fractionDigits: Int) -> String {
        precondition((0...9).contains(fractionDigits), "zero to nine fraction digits")
        let time = UTCDateTime(secondsSince1970: secondsSince1970)
        let year = time.date.year
        let yearDigits = max(4, String(year.magnitude).utf8.count)
        let length = (year < 0 ? 1 : 0) + yearDigits + 16 + (fractionDigits > 0 ? fractionDigits + 1 : 0)
        return String(unsafeUninitializedCapacity: length) { bytes in
            var end = 0
            /// Writes `value` in `digits` decimal digits, leading zeros included.
            func put(_ value: Int, digits: Int) {
                var rest = value
                for position in stride(from: end + digits - 1, through: end, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += digits
            }
            func put(_ character: Unicode.Scalar) {
                bytes[end] = UInt8(ascii: character)
                end += 1
            }
            if year < 0 { put("-") }
            put(Int(year.magnitude), digits: yearDigits)
            put("-")
            put(time.date.month, digits: 2)
            put("-")
            put(time.date.day, digits: 2)
            put("T")
            put(time.hour, digits: 2)
            put(":")
            put(time.minute, digits: 2)
            put(":")
            put(time.second, digits: 2)
            if fractionDigits > 0 {
                put(".")
                var scale = 1
                for _ in fractionDigits..<9 { scale *= 10 }
                put(nanosecond / scale, digits: fractionDigits)
            }
            put("Z")
            return end
        }
    }

    /// The instant of the RFC 3339 text in `bytes`, or `nil`.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> RFC3339Time? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        func byte(at index: Int, isOneOf options: StaticString) -> Bool {
            guard index < bytes.count else { return false }
            return UnsafeBufferPointer(start: options.utf8Start, count: options.utf8CodeUnitCount).contains(bytes[index])
        }
        guard let year = number(0..<4), byte(at: 4, isOneOf: "-"), let month = number(5..<7), byte(at: 7, isOneOf: "-"),
            let day = number(8..<10), byte(at: 10, isOneOf: "Tt "), let hour = number(11..<13), byte(at: 13, isOneOf: ":"),
            let minute = number(14..<16), byte(at: 16, isOneOf: ":"), let second = number(17..<19),
            let time = UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var index = 19
        var nanosecond = 0
        if byte(at: index, isOneOf: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                guard digits < 9 else { return nil }
                nanosecond = nanosecond * 10 + Int(digit)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanosecond *= 10 }
        }
        var offsetSeconds = 0
        if byte(at: index, isOneOf: "Zz"), index + 1 == bytes.count {
            offsetSeconds = 0
        } else if byte(at: index, isOneOf: "+-"), index + 6 == bytes.count, let hours = number(index + 1..<index + 3),
            byte(at: index + 3, isOneOf: ":"), let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60
        {
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        return RFC3339Time(secondsSince1970: time.secondsSince1970 - offsetSeconds, nanosecond: nanosecond)
    }
}
