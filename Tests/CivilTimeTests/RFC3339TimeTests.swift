import CivilTime
import Foundation
import Testing

@Suite struct RFC3339TimeTests {
    /// Foundation's formatter, the reference the text is checked against.
    private static let foundationStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    @Test func textIsFoundationsForMillisecondsFrom1583To2500AndReadsBack() throws {
        var generator = SystemRandomNumberGenerator()
        let first = -12_212_553_600_000  // 1583-01-01
        let last = 16_756_761_599_999  // 2500-12-31 23:59:59.999
        for _ in 0..<5_000 {
            let milliseconds = Int.random(in: first...last, using: &generator)
            let time = RFC3339Time(millisecondsSince1970: milliseconds)
            let date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            let text = time.text(fractionDigits: 3)
            // A Double of these years is a few microseconds off the millisecond, which
            // Foundation truncates: four tenths of a millisecond more keep it in the same one.
            #expect(text == Self.foundationStyle.format(date.addingTimeInterval(0.000_4)), "\(milliseconds)")
            #expect(RFC3339Time(text) == time)
            #expect(abs(RFC3339Time(date).instant.timeIntervalSince(date)) < 0.000_01)
            #expect(abs(time.instant.timeIntervalSince(date)) < 0.000_01)
        }
    }

    @Test func readsOffsetsFractionsAndSeparators() throws {
        let noon = try #require(RFC3339Time("2026-01-02T12:00:00Z"))
        #expect(noon.secondsSince1970 == 1_767_355_200)
        #expect(noon.nanosecond == 0)
        #expect(RFC3339Time("2026-01-02T13:30:00+01:30") == noon)
        #expect(RFC3339Time("2026-01-02T10:00:00-02:00") == noon)
        #expect(RFC3339Time("2026-01-02t12:00:00z") == noon)
        #expect(RFC3339Time("2026-01-02 12:00:00Z") == noon)
        #expect(RFC3339Time("2026-01-02T12:00:00.5Z")?.nanosecond == 500_000_000)
        #expect(RFC3339Time("2026-01-02T12:00:00.123456789Z")?.nanosecond == 123_456_789)
        #expect(RFC3339Time("1969-12-31T23:59:59.25Z") == RFC3339Time(secondsSince1970: -1, nanosecond: 250_000_000))
        // A leap second is the first second of the next minute.
        #expect(RFC3339Time("2016-12-31T23:59:60Z") == RFC3339Time("2017-01-01T00:00:00Z"))
    }

    @Test func refusesTextThatIsNoDateAndTime() {
        for text in [
            "", "2026-01-02", "2026-01-02T12:00:00", "2026-01-02T12:00:00.Z", "2026-01-02T12:00:00.1234567890Z",
            "2026-01-02T12:00:00+0100", "2026-01-02T12:00:00+01:00x", "2026-01-02T12:00:00Zx", "2026-02-30T12:00:00Z",
            "2026-13-02T12:00:00Z", "2026-01-02T24:00:00Z", "2026-01-02T12:60:00Z", "2026-01-02T12:00:00+24:00",
            "2026/01/02T12:00:00Z", "２026-01-02T12:00:00Z", "-026-01-02T12:00:00Z", "2026-01-02T12:00:0Z",
        ] {
            #expect(RFC3339Time(text) == nil, "\(text)")
        }
    }

    @Test func writesAsManyFractionDigitsAsAskedTruncated() {
        let time = RFC3339Time(secondsSince1970: 1_767_323_045, nanosecond: 678_901_234)
        #expect(time.text(fractionDigits: 0) == "2026-01-02T03:04:05Z")
        #expect(time.text(fractionDigits: 1) == "2026-01-02T03:04:05.6Z")
        #expect(time.text(fractionDigits: 3) == "2026-01-02T03:04:05.678Z")
        #expect(time.text(fractionDigits: 9) == "2026-01-02T03:04:05.678901234Z")
        #expect(RFC3339Time(millisecondsSince1970: -1).text(fractionDigits: 3) == "1969-12-31T23:59:59.999Z")
    }

    @Test func yearsOutsideFourDigitsKeepTheirDigits() {
        #expect(RFC3339Time(secondsSince1970: 253_402_300_800, nanosecond: 0).text(fractionDigits: 0) == "10000-01-01T00:00:00Z")
        #expect(RFC3339Time(secondsSince1970: -62_135_596_800, nanosecond: 0).text(fractionDigits: 0) == "0001-01-01T00:00:00Z")
        #expect(RFC3339Time(secondsSince1970: -62_198_755_200, nanosecond: 0).text(fractionDigits: 0) == "-0001-01-01T00:00:00Z")
        #expect(RFC3339Time(Date(timeIntervalSince1970: .infinity)).secondsSince1970 == (1 << 62) / 1_000_000)
        #expect(RFC3339Time(Date(timeIntervalSince1970: .nan)).secondsSince1970 == 0)
    }
}
