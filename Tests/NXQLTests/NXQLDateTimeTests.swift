import Foundation
import NXQL
import Testing

/// Date literals, durations and the arithmetic behind `NOW('…')`.
@Suite struct NXQLDateTimeTests {
    /// The date of a `TIMESTAMP` literal.
    func timestamp(_ text: String) throws -> NXQLDateTime? {
        let query = try NXQLQuery(parsing: "SELECT * FROM Document WHERE a = TIMESTAMP '\(text)'")
        guard case .comparison(_, _, .dateTime(let dateTime))? = query.predicate else { return nil }
        return dateTime
    }

    /// The offset of a `NOW('…')` literal.
    func duration(_ text: String) throws -> NXQLDuration? {
        let query = try NXQLQuery(parsing: "SELECT * FROM Document WHERE a = NOW('\(text)')")
        guard case .comparison(_, _, .now(let offset))? = query.predicate else { return nil }
        return offset
    }

    @Test func acceptedDateForms() throws {
        #expect(try timestamp("2024-01-02")?.iso8601 == "2024-01-02T00:00:00.000Z")
        #expect(try timestamp("2024-01-02 10:11")?.iso8601 == "2024-01-02T10:11:00.000Z")
        #expect(try timestamp("2024-01-02 10:11:12")?.iso8601 == "2024-01-02T10:11:12.000Z")
        #expect(try timestamp("2024-01-02 10:11:12.3")?.iso8601 == "2024-01-02T10:11:12.300Z")
        #expect(try timestamp("2024-01-02T10:11:12.345Z")?.iso8601 == "2024-01-02T10:11:12.345Z")
        #expect(try timestamp("2024-01-02 10:11:12.123456789")?.iso8601 == "2024-01-02T10:11:12.123Z")
        #expect(try timestamp("2024-02-29")?.iso8601 == "2024-02-29T00:00:00.000Z")
        #expect(try timestamp("0001-01-01")?.iso8601 == "0001-01-01T00:00:00.000Z")
    }

    @Test(arguments: [
        "2023-02-29", "2024-13-01", "2024-00-10", "2024-01-32", "24-01-02", "2024-1-2", "2024-01-02 25:00",
        "2024-01-02 10:60", "2024-01-02 10:00:61", "2024-01-02 10:00:00.", "2024-01-02 10:00:00.1234567890",
        "2024-01-02X", "0000-01-01", "", "2024-01-02 10", "2024-01-02ZZ", "２０２４-01-02",
    ])
    func rejectedDates(text: String) {
        #expect(throws: NXQLError.self) { try timestamp(text) }
    }

    @Test func durations() throws {
        #expect(try duration("P1D") == NXQLDuration(days: 1))
        #expect(
            try duration("-P1Y2M3W4DT5H6M7.89S")
                == NXQLDuration(
                    isNegative: true, years: 1, months: 2, weeks: 3, days: 4, hours: 5, minutes: 6, seconds: 7,
                    milliseconds: 890))
        #expect(try duration("PT1M") == NXQLDuration(minutes: 1))
        #expect(try duration("P1M") == NXQLDuration(months: 1))
        #expect(try duration("-PT0S") == .zero)
        #expect(try duration("P99999D") == NXQLDuration(days: 99_999))
        #expect(
            NXQLDuration(isNegative: true, years: 1, hours: 2, seconds: 3, milliseconds: 40).description
                == "-P1YT2H3.040S")
        #expect(NXQLDuration.zero.description == "PT0S")
    }

    @Test(arguments: [
        "", "P", "PT", "1D", "P1", "PD", "P1H", "PT1D", "P1D1Y", "P1Y1Y", "P1.5D", "P100000D", "P-1D", "--P1D", "P1DT",
        "p1d",
    ])
    func rejectedDurations(text: String) {
        #expect(throws: NXQLError.self) { try duration(text) }
    }

    @Test func calendarArithmetic() throws {
        let endOfJanuary = try #require(NXQLDateTime(year: 2024, month: 1, day: 31, hour: 10))
        #expect(endOfJanuary.adding(NXQLDuration(months: 1))?.iso8601 == "2024-02-29T10:00:00.000Z")
        #expect(endOfJanuary.adding(NXQLDuration(years: 1, months: 1))?.iso8601 == "2025-02-28T10:00:00.000Z")
        #expect(endOfJanuary.adding(NXQLDuration(isNegative: true, months: 2))?.iso8601 == "2023-11-30T10:00:00.000Z")
        #expect(endOfJanuary.adding(NXQLDuration(days: 1, hours: 14))?.iso8601 == "2024-02-02T00:00:00.000Z")
        #expect(
            endOfJanuary.adding(NXQLDuration(isNegative: true, weeks: 1, milliseconds: 1))?.iso8601
                == "2024-01-24T09:59:59.999Z")
        #expect(endOfJanuary.adding(NXQLDuration(years: 8000)) == nil)
        #expect(endOfJanuary.adding(NXQLDuration(isNegative: true, years: 2024)) == nil)
        #expect(endOfJanuary.adding(NXQLDuration(days: Int.max)) == nil)
        #expect(endOfJanuary.adding(NXQLDuration(days: -1)) == nil)
    }

    @Test func epochConversions() throws {
        #expect(NXQLDateTime(millisecondsSince1970: 0)?.iso8601 == "1970-01-01T00:00:00.000Z")
        #expect(NXQLDateTime(millisecondsSince1970: -1)?.iso8601 == "1969-12-31T23:59:59.999Z")
        #expect(NXQLDateTime(millisecondsSince1970: 1_704_190_000_123)?.iso8601 == "2024-01-02T10:06:40.123Z")
        #expect(NXQLDateTime(Date(timeIntervalSince1970: 951_782_400.5))?.iso8601 == "2000-02-29T00:00:00.500Z")
        #expect(NXQLDateTime(Date(timeIntervalSince1970: 1e300)) == nil)
        #expect(NXQLDateTime(millisecondsSince1970: Int.max) == nil)
        #expect(NXQLDateTime(millisecondsSince1970: Int.min) == nil)
        // Every day of four centuries round-trips through its day number.
        var day = try #require(NXQLDateTime(year: 1900, month: 1, day: 1))
        var mismatches = 0
        for _ in 0..<146_097 {
            let next = try #require(day.adding(NXQLDuration(days: 1)))
            let isConsistent =
                next.millisecondsSince1970 - day.millisecondsSince1970 == 86_400_000
                && NXQLDateTime(millisecondsSince1970: next.millisecondsSince1970) == next
            if !isConsistent { mismatches += 1 }
            day = next
        }
        #expect(mismatches == 0)
        #expect(day.iso8601 == "2300-01-01T00:00:00.000Z")
    }
}
