import Foundation
import Testing

@testable import Telemetry

@Suite struct IntdashTimestampTests {
    @Test func timesAreWrittenWithNineFractionDigitsAndReadBackExactly() {
        let samples: [(Int64, String)] = [
            (0, "1970-01-01T00:00:00.000000000Z"),
            (1_577_836_800_123_456_789, "2020-01-01T00:00:00.123456789Z"),
            (-1, "1969-12-31T23:59:59.999999999Z"),
            (4_102_444_799_999_999_999, "2099-12-31T23:59:59.999999999Z"),
        ]
        for (nanoseconds, text) in samples {
            #expect(IntdashTimestamp.string(nanoseconds: nanoseconds) == text)
            #expect(IntdashTimestamp.nanoseconds(parsing: text) == nanoseconds)
        }
    }

    @Test func timesAcrossTheRangeAreThoseFoundationsCalendarGives() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SystemRandomNumberGenerator()
        // Int64 nanoseconds span 1677-09-21 to 2262-04-11; whole seconds, so that the calendar,
        // which holds a time as a Double, gives exact fields.
        var samples: [Int64] = [Int64.min / 1_000_000_000 + 1, Int64.max / 1_000_000_000, -86_400, -86_399, 951_782_400, 4_107_542_400]
        for _ in 0..<2_000 { samples.append(Int64.random(in: (Int64.min / 1_000_000_000 + 1)...(Int64.max / 1_000_000_000), using: &generator)) }
        for seconds in samples {
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds))
            )
            let fraction = Int64.random(in: 0..<1_000_000_000, using: &generator)
            let nanoseconds = seconds * 1_000_000_000 + (seconds < Int64.max / 1_000_000_000 ? fraction : 0)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%09lldZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
                parts.second!, nanoseconds - seconds * 1_000_000_000
            )
            #expect(IntdashTimestamp.string(nanoseconds: nanoseconds) == expected)
            #expect(IntdashTimestamp.nanoseconds(parsing: expected) == nanoseconds)
        }
    }

    @Test func offsetsShortFractionsAndNoFractionAreRead() {
        #expect(IntdashTimestamp.nanoseconds(parsing: "2020-01-01T09:00:00+09:00") == 1_577_836_800_000_000_000)
        #expect(IntdashTimestamp.nanoseconds(parsing: "2019-12-31T19:00:00.5-05:00") == 1_577_836_800_500_000_000)
        #expect(IntdashTimestamp.nanoseconds(parsing: "2020-01-01T00:00:00z") == 1_577_836_800_000_000_000)
    }

    @Test func anythingElseIsRefused() {
        for text in [
            "", "2020-01-01", "2020-01-01T00:00:00", "2020-02-30T00:00:00Z", "2020-01-01T24:00:00Z", "2020-01-01T00:00:00.Z",
            "2020-01-01T00:00:00.0000000001Z", "2020-01-01T00:00:00Z ", "2020-01-01T00:00:00+0900", "２020-01-01T00:00:00Z",
        ] {
            #expect(IntdashTimestamp.nanoseconds(parsing: text) == nil, "\(text)")
        }
    }
}
