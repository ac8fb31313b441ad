import CivilTime
import Foundation

/// intdash's time strings: RFC 3339 in UTC with nine fraction digits, such as
/// `2020-01-01T00:00:00.000000000Z` (what intdash-py's `timestamp2str` writes), read back to
/// the nanosecond.
public enum IntdashTimestamp {
    /// `nanoseconds` since 1970-01-01T00:00:00Z as `YYYY-MM-DDThh:mm:ss.nnnnnnnnnZ`.
    ///
    /// The digits are written straight into the string's bytes: `GET /v1/data` writes one for
    /// every chunk's `created_at`, and for every point when times are asked as text.
    public static func string(nanoseconds: Int64) -> String {
        let (seconds, fraction) = nanoseconds.dividedRoundingDown(by: 1_000_000_000)
        let time = UTCDateTime(secondsSince1970: Int(seconds))
        return String(unsafeUninitializedCapacity: 30) { bytes in
            var end = 0
            /// Writes `value` in `digits` decimal digits, leading zeros included, and `separator`.
            func put(_ value: Int, digits: Int, then separator: Unicode.Scalar) {
                var rest = value
                for position in stride(from: end + digits - 1, through: end, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                bytes[end + digits] = UInt8(ascii: separator)
                end += digits + 1
            }
            // Int64 nanoseconds reach the years 1677 to 2262: the year always has four digits.
            put(time.date.year, digits: 4, then: "-")
            put(time.date.month, digits: 2, then: "-")
            put(time.date.day, digits: 2, then: "T")
            put(time.hour, digits: 2, then: ":")
            put(time.minute, digits: 2, then: ":")
            put(time.second, digits: 2, then: ".")
            put(Int(fraction), digits: 9, then: "Z")
            return end
        }
    }

    /// `date` in the same form, to the microsecond (what a `Date` holds reliably).
    public static func string(_ date: Date) -> String {
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        return string(nanoseconds: Int64(microseconds) * 1000)
    }

    /// The nanoseconds since 1970-01-01T00:00:00Z of an RFC 3339 time with up to nine
    /// fraction digits and `Z` or a `±hh:mm` offset, or `nil` when `text` is not one.
    public static func nanoseconds(parsing text: String) -> Int64? {
        let characters = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            var value = 0
            for byte in characters[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func character(at index: Int, isOneOf options: String) -> Bool {
            index < characters.count && options.utf8.contains(characters[index])
        }
        guard let year = number(0..<4), character(at: 4, isOneOf: "-"), let month = number(5..<7), character(at: 7, isOneOf: "-"),
            let day = number(8..<10), character(at: 10, isOneOf: "Tt "), let hour = number(11..<13), character(at: 13, isOneOf: ":"),
            let minute = number(14..<16), character(at: 16, isOneOf: ":"), let second = number(17..<19),
            let time = UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var index = 19
        var fraction: Int64 = 0
        if character(at: index, isOneOf: ".") {
            index += 1
            var digits = 0
            while index < characters.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[index]) {
                guard digits < 9 else { return nil }
                fraction = fraction * 10 + Int64(characters[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { fraction *= 10 }
        }
        var offsetSeconds = 0
        if character(at: index, isOneOf: "Zz"), index + 1 == characters.count {
            offsetSeconds = 0
        } else if character(at: index, isOneOf: "+-"), index + 6 == characters.count, let hours = number(index + 1..<index + 3),
            character(at: index + 3, isOneOf: ":"), let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60
        {
            offsetSeconds = (hours * 3600 + minutes * 60) * (characters[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let seconds = Int64(time.secondsSince1970 - offsetSeconds)
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (total, overflowed) = scaled.addingReportingOverflow(fraction)
        return overflowed ? nil : total
    }
}
