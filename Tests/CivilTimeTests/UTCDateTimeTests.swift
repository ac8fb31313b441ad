import CivilTime
import Foundation
import Testing

@Suite struct UTCDateTimeTests {
    @Test func fieldsAreThoseFoundationGivesForInstantsFrom1583To2500() throws {
        var generator = SystemRandomNumberGenerator()
        let first = -12_212_553_600  // 1583-01-01
        let last = 16_756_761_599  // 2500-12-31 23:59:59
        for _ in 0..<5_000 {
            let seconds = Int.random(in: first...last, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let parts = CivilDateTests.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let time = UTCDateTime(secondsSince1970: seconds)
            #expect(
                [time.date.year, time.date.month, time.date.day, time.hour, time.minute, time.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 }, "\(seconds)")
            #expect(time.secondsSince1970 == seconds)
            #expect(UTCDateTime(date.addingTimeInterval(0.75)) == time)
            #expect(time.instant == date)
        }
    }

    @Test func secondsBefore1970RoundDown() {
        let time = UTCDateTime(Date(timeIntervalSince1970: -0.5))
        #expect(time.text == "1969-12-31 23:59:59")
        #expect(UTCDateTime(secondsSince1970: -86_400).text == "1969-12-31 00:00:00")
        #expect(UTCDateTime(secondsSince1970: 0).text == "1970-01-01 00:00:00")
        #expect(UTCDateTime(secondsSince1970: 1_767_323_045).text == "2026-01-02 03:04:05")
    }

    @Test func fieldsOutOfTheirRangesAreNoTime() throws {
        let day = try #require(CivilDate(year: 2026, month: 1, day: 2))
        #expect(UTCDateTime(date: day, hour: 24, minute: 0, second: 0) == nil)
        #expect(UTCDateTime(date: day, hour: -1, minute: 0, second: 0) == nil)
        #expect(UTCDateTime(date: day, hour: 0, minute: 60, second: 0) == nil)
        #expect(UTCDateTime(date: day, hour: 0, minute: 0, second: 61) == nil)
        // A leap second is the first second of the next minute.
        let leap = try #require(UTCDateTime(date: day, hour: 23, minute: 59, second: 60))
        #expect(UTCDateTime(secondsSince1970: leap.secondsSince1970).text == "2026-01-03 00:00:00")
    }

    @Test func datesNoClockGivesAreHeldAtTheLimitInsteadOfTrapping() {
        let limit = 1 << 50
        #expect(UTCDateTime(Date(timeIntervalSince1970: .greatestFiniteMagnitude)).secondsSince1970 == limit)
        #expect(UTCDateTime(Date(timeIntervalSince1970: -.infinity)).secondsSince1970 == -limit)
        #expect(UTCDateTime(Date(timeIntervalSince1970: .nan)).secondsSince1970 == 0)
    }
}
