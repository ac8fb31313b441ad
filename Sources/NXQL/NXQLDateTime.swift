import CivilTime
import Foundation

/// A UTC date and time with millisecond precision, between the years 1 and 9999.
///
/// Repository properties store dates as ISO-8601 strings with milliseconds
/// ("2024-01-02T10:00:00.123Z"), so the compiler compares date literals as such strings.
/// The calendar arithmetic is done on proleptic Gregorian day numbers (``CivilDate``), so that
/// results do not depend on the process's time zone or locale.
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
            (1...CivilDate.daysIn(month: month, of: year)).contains(day),
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
        let (seconds, millisecond) = milliseconds.dividedRoundingDown(by: 1000)
        let time = UTCDateTime(secondsSince1970: seconds)
        self.init(
            year: time.date.year, month: time.date.month, day: time.date.day,
            hour: time.hour, minute: time.minute, second: time.second, millisecond: millisecond)
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
        // The initializer checked every field.
        let time = UTCDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
        return time.secondsSince1970 * 1000 + millisecond
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
        let (newYear, newMonthIndex) = monthIndex.dividedRoundingDown(by: 12)
        guard (1...9999).contains(newYear),
            let moved = NXQLDateTime(
                year: newYear, month: newMonthIndex + 1,
                day: min(day, CivilDate.daysIn(month: newMonthIndex + 1, of: newYear)),
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
}
