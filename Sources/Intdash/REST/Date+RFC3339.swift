import Foundation

extension Date {
    /// Reads an RFC 3339 time such as `2020-01-01T00:00:00.123456789Z` or
    /// `2020-01-01T09:00:00+09:00`, with any number of fractional digits.
    public init?(fromRFC3339 string: String) {
        guard let date = RFC3339.date(from: string) else { return nil }
        self = date
    }

    /// Reads an ISO 8601 time; the same as ``init(fromRFC3339:)``, which reads the ISO 8601
    /// forms intdash uses.
    public init?(fromISO8601 string: String) {
        self.init(fromRFC3339: string)
    }

    /// The date in UTC with nanoseconds, as intdash writes times: `2020-01-01T00:00:00.000000000Z`.
    public var rfc3339String: String {
        RFC3339.string(from: self)
    }
}

/// RFC 3339 times, read and written without a date formatter, so that nanoseconds survive.
enum RFC3339 {
    /// The Gregorian calendar in UTC.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The date `string` gives, or `nil` when it is not an RFC 3339 date-time.
    static func date(from string: String) -> Date? {
        let scalars = Array(string.utf8)
        guard scalars.count >= 20 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[start..<start + length] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), scalars[4] == 45, let month = number(5, 2), scalars[7] == 45, let day = number(8, 2),
            scalars[10] == 84 || scalars[10] == 116 || scalars[10] == 32, let hour = number(11, 2), scalars[13] == 58,
            let minute = number(14, 2), scalars[16] == 58, let second = number(17, 2)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < scalars.count, scalars[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < scalars.count, (48...57).contains(scalars[index]) {
                fraction += Double(scalars[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < scalars.count else { return nil }
        var offset = 0
        switch scalars[index] {
        case 90, 122:
            guard index + 1 == scalars.count else { return nil }
        case 43, 45:
            guard index + 6 == scalars.count, let hours = number(index + 1, 2), scalars[index + 3] == 58, let minutes = number(index + 4, 2) else {
                return nil
            }
            offset = (hours * 60 + minutes) * 60 * (scalars[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let whole = calendar.date(from: components) else { return nil }
        return Date(timeIntervalSince1970: whole.timeIntervalSince1970 - TimeInterval(offset) + fraction)
    }

    /// `date` in UTC with nine fractional digits.
    static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let nanoseconds = min(Int(((date.timeIntervalSince1970 - seconds) * 1_000_000_000).rounded()), 999_999_999)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        func padded(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))T"
            + "\(padded(parts.hour, 2)):\(padded(parts.minute, 2)):\(padded(parts.second, 2)).\(padded(nanoseconds, 9))Z"
    }
}
