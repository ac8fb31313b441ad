import Foundation
import Intdash
import Testing

/// intdash's times are read with any number of fractional digits and written with nine.
@Suite struct RFC3339Tests {
    @Test func readsTheFormsIntdashWrites() throws {
        let nanoseconds = try #require(Date(fromRFC3339: "2020-01-01T00:00:00.123456789Z"))
        #expect(abs(nanoseconds.timeIntervalSince1970 - 1_577_836_800.123456789) < 1e-6)
        #expect(Date(fromRFC3339: "2020-01-01T00:00:00Z")?.timeIntervalSince1970 == 1_577_836_800)
        #expect(Date(fromRFC3339: "2020-01-01T09:00:00+09:00")?.timeIntervalSince1970 == 1_577_836_800)
        #expect(Date(fromISO8601: "2019-12-31T23:30:00.5-00:30")?.timeIntervalSince1970 == 1_577_836_800.5)
    }

    @Test func refusesWhatIsNotADateTime() {
        for text in ["", "2020-01-01", "2020-01-01T00:00:00", "2020-01-01T00:00:00.Z", "2020-13-01T00:00:00Z x", "2020-01-01T00:00:00+0900"] {
            #expect(Date(fromRFC3339: text) == nil, "\(text)")
        }
    }

    @Test func writesNineDigitsInUTC() {
        #expect(Date(timeIntervalSince1970: 1_577_836_800.25).rfc3339String == "2020-01-01T00:00:00.250000000Z")
        #expect(Date(timeIntervalSince1970: 0).rfc3339String == "1970-01-01T00:00:00.000000000Z")
    }
}

/// Server versions compare by semantic versioning's precedence.
@Suite struct IntdashVersionTests {
    @Test func readsTheParts() {
        let version = IntdashVersion(string: "v1.10.2-beta.1+42")
        #expect(version.major == 1)
        #expect(version.minor == 10)
        #expect(version.patch == 2)
        #expect(version.preRelease == "beta.1")
        #expect(version.build == "42")
    }

    @Test func comparesByPrecedence() {
        #expect(IntdashVersion(string: "1.9.0") < IntdashVersion(string: "1.10.0"))
        #expect(IntdashVersion(string: "1.10.0-rc1") < IntdashVersion(string: "1.10.0"))
        #expect(IntdashVersion(string: "1.10.0+a") == IntdashVersion(string: "1.10.0+b"))
        #expect(IntdashVersion(string: "2") > IntdashVersion(string: "1.99.99"))
    }
}
