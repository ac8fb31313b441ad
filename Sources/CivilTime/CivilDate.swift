/// A day of the proleptic Gregorian calendar (its rules carried back before 1582, as ISO 8601
/// and RFC 3339 carry them), with no time zone: the date part of a UTC time.
///
/// It converts between a year, month and day and the number of days from 1970-01-01 by
/// arithmetic alone (Howard Hinnant's `days_from_civil` and `civil_from_days`), so that a
/// time's text costs no `Calendar` and depends on no locale or time zone of the process.
public struct CivilDate: Hashable, Sendable {
    /// The year: 1970, or -1 for 2 BCE (ISO 8601's year 0 is 1 BCE).
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int

    /// The date of `day` of `month` in `year`; `nil` when the month has no such day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (before it, when negative).
    public init(daysSince1970 days: Int) {
        // Days are counted from 0000-03-01, so that the leap day ends each 400-year era and
        // each year; a year from March is 365 days, and its months from March follow a pattern
        // of 153 days every five months.
        let (era, dayOfEra) = (days + Self.daysFrom0000March1To1970).dividedRoundingDown(by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    }

    /// The number of days from 1970-01-01 to this date (negative before it).
    public var daysSince1970: Int {
        let yearFromMarch = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = yearFromMarch.dividedRoundingDown(by: 400)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - Self.daysFrom0000March1To1970
    }

    /// The number of days in `month` (1...12) of `year`.
    public static func daysIn(month: Int, of year: Int) -> Int {
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

    /// Days from 0000-03-01 to 1970-01-01.
    private static var daysFrom0000March1To1970: Int { 719_468 }
}
