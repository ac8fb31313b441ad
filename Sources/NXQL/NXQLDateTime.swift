import Foundation

/// A UTC date and time with millisecond precision, between the years 1 and 9999.
///
/// Repository properties store dates as ISO-8601 strings with milliseconds
/// ("2024-01-02T10:00:00.123Z"), so the compiler compares date literals as such strings.
/// The calendar arithmetic is done here, on proleptic Gregorian day numbers, so that results
/// do not depend on the process's time zone or locale.
public struct NXQLDateTime: Sendable, Hashable {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59.
    public let second: Int
    /// The millisecond, 0...999.
    public let millisecond: Int

    /// Creates a date and time; nil when a field is out of range (February 30th, hour 24…).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, of: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The date and time `milliseconds` after 1970-01-01T00:00:00Z; nil outside the years
    /// 1...9999.
    public init?(millisecondsSince1970 milliseconds: Int) {
        // 0001-01-01T00:00:00.000Z...9999-12-31T23:59:59.999Z; checking first keeps the
        // arithmetic below far from overflow.
        guard (-62_135_596_800_000...253_402_300_799_999).contains(milliseconds) else { return nil }
        let millisecondsPerDay = 86_400_000
        let (days, remainder) = Self.floorDivision(milliseconds, millisecondsPerDay)
        let (year, month, day) = Self.civilDate(daysSince1970: days)
        self.init(
            year: year, month: month, day: day,
            hour: remainder / 3_600_000, minute: remainder / 60_000 % 60,
            second: remainder / 1000 % 60, millisecond: remainder % 1000)
    }

    /// The instant `date`, truncated to the millisecond; nil outside the years 1...9999.
    public init?(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        // Years 1...9999 are well inside ±4e14 ms; checking first keeps Int(_:) from trapping.
        guard milliseconds.isFinite, abs(milliseconds) < 4e14 else { return nil }
        self.init(millisecondsSince1970: Int(milliseconds))
    }

    /// Parses the text of a `DATE` or `TIMESTAMP` literal: `yyyy-MM-dd`, optionally followed
    /// by a space or `T` and `HH:mm[:ss[.fraction]]`, optionally followed by `Z`. Fractions
    /// beyond milliseconds are truncated. Nil when the text is not such a date.
    init?(literal text: String) {
        var reader = DigitReader(text)
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var millisecond = 0
        if reader.skip(" ") || reader.skip("T") {
            guard let h = reader.number(digits: 2), reader.skip(":"), let m = reader.number(digits: 2) else {
                return nil
            }
            (hour, minute) = (h, m)
            if reader.skip(":") {
                guard let s = reader.number(digits: 2) else { return nil }
                second = s
                if reader.skip(".") {
                    guard let fraction = reader.fractionInMilliseconds() else { return nil }
                    millisecond = fraction
                }
            }
        }
        _ = reader.skip("Z")
        guard reader.isAtEnd else { return nil }
        self.init(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            millisecond: millisecond)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSince1970: Int {
        let days = Self.daysSince1970(year: year, month: month, day: day)
        return days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond
    }

    /// The form stored in document properties: "2024-01-02T10:00:00.000Z".
    public var iso8601: String {
        "\(datePart)T\(timePart)Z"
    }

    /// The form written in a `TIMESTAMP` literal: "2024-01-02 10:00:00.000".
    var nxqlTimestamp: String {
        "\(datePart) \(timePart)"
    }

    /// The date moved by `duration`: years and months first (the day is clamped to the
    /// length of the month reached, so January 31st plus one month is the end of February),
    /// then weeks, days and time. Nil when a component exceeds
    /// ``NXQLDuration/maximumComponent`` or the result leaves the years 1...9999.
    public func adding(_ duration: NXQLDuration) -> NXQLDateTime? {
        let components = [
            duration.years, duration.months, duration.weeks, duration.days, duration.hours,
            duration.minutes, duration.seconds, duration.milliseconds,
        ]
        guard components.allSatisfy({ (0...NXQLDuration.maximumComponent).contains($0) }) else { return nil }
        let sign = duration.isNegative ? -1 : 1
        let monthIndex = year * 12 + (month - 1) + sign * (duration.years * 12 + duration.months)
        let (newYear, newMonthIndex) = Self.floorDivision(monthIndex, 12)
        guard (1...9999).contains(newYear),
            let moved = NXQLDateTime(
                year: newYear, month: newMonthIndex + 1,
                day: min(day, Self.daysIn(month: newMonthIndex + 1, of: newYear)),
                hour: hour, minute: minute, second: second, millisecond: millisecond)
        else { return nil }
        let days = duration.weeks * 7 + duration.days
        let milliseconds =
            days * 86_400_000 + duration.hours * 3_600_000 + duration.minutes * 60_000
            + duration.seconds * 1000 + duration.milliseconds
        return NXQLDateTime(millisecondsSince1970: moved.millisecondsSince1970 + sign * milliseconds)
    }

    /// "yyyy-MM-dd".
    private var datePart: String {
        "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }

    /// "HH:mm:ss.SSS".
    private var timePart: String {
        "\(Self.padded(hour, 2)):\(Self.padded(minute, 2)):\(Self.padded(second, 2)).\(Self.padded(millisecond, 3))"
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The number of days in `month` of `year`.
    private static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2:
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return isLeap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Quotient and non-negative remainder of `dividend / divisor` (divisor > 0).
    private static func floorDivision(_ dividend: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = (dividend % divisor + divisor) % divisor
        return ((dividend - remainder) / divisor, remainder)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
