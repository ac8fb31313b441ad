import CivilTime
import Foundation
import Testing

@Suite struct CivilDateTests {
    /// Foundation's Gregorian calendar in UTC, the reference (it switches to the Julian
    /// calendar before 1582-10-15, so it is compared only after that).
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test func everyDayFrom1583To2500IsTheDayFoundationGives() throws {
        let first = try #require(Self.calendar.date(from: DateComponents(year: 1583, month: 1, day: 1)))
        let firstDay = Int((first.timeIntervalSince1970 / 86_400).rounded(.down))
        let last = try #require(Self.calendar.date(from: DateComponents(year: 2500, month: 12, day: 31)))
        let lastDay = Int((last.timeIntervalSince1970 / 86_400).rounded(.down))
        var mismatches = 0
        for days in firstDay...lastDay {
            let parts = Self.calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let date = CivilDate(daysSince1970: days)
            if (date.year, date.month, date.day) != (parts.year, parts.month, parts.day) { mismatches += 1 }
            if CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)?.daysSince1970 != days { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(lastDay - firstDay > 300_000)
    }

    @Test func dayNumbersAndDatesGoBothWaysFarFrom1970() {
        for days in stride(from: -3_000_000, through: 3_000_000, by: 997) {
            let date = CivilDate(daysSince1970: days)
            #expect(date.daysSince1970 == days, "\(days)")
            #expect(CivilDate(year: date.year, month: date.month, day: date.day) == date)
        }
        // The proleptic calendar before the year 1: 0000-03-01 follows the leap day 0000-02-29.
        #expect(CivilDate(year: 0, month: 2, day: 29)?.daysSince1970 == -719_469)
        #expect(CivilDate(daysSince1970: -719_468) == CivilDate(year: 0, month: 3, day: 1))
        #expect(CivilDate(daysSince1970: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(daysSince1970: -1) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test func monthsWithoutTheDayAreRefused() {
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2024, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2024, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2024, month: 0, day: 1) == nil)
        #expect(CivilDate(year: 2024, month: 1, day: 0) == nil)
    }

    @Test func divisionRoundsDownAndTheRemainderTakesTheDivisorsSign() {
        #expect((-7).dividedRoundingDown(by: 3) == (quotient: -3, remainder: 2))
        #expect(7.dividedRoundingDown(by: 3) == (quotient: 2, remainder: 1))
        #expect((-6).dividedRoundingDown(by: 3) == (quotient: -2, remainder: 0))
        #expect(7.dividedRoundingDown(by: -3) == (quotient: -3, remainder: -2))
        #expect(Int64(-1).dividedRoundingDown(by: 1_000_000_000) == (quotient: -1, remainder: 999_999_999))
        for dividend in -50...50 {
            for divisor in [-7, -3, 1, 4, 9] {
                let (quotient, remainder) = dividend.dividedRoundingDown(by: divisor)
                #expect(quotient * divisor + remainder == dividend)
                #expect(quotient == Int((Double(dividend) / Double(divisor)).rounded(.down)))
            }
        }
    }
}
