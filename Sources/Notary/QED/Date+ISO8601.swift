import CivilTime
import Foundation

extension Date {
    /// Foundation's ISO 8601 parsers, whole seconds and fractional, for times in other forms
    /// than RFC 3339's.
    private static let otherForms = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)]

    /// The date in ISO 8601 UTC with milliseconds, as the QED API writes times:
    /// `2018-10-24T13:58:57.344Z`.
    ///
    /// The time is rounded to the nearest millisecond. A time stored as seconds (SQLite) or
    /// microseconds (PostgreSQL) reads back a hair off the millisecond it was written with;
    /// rounding (rather than truncation) prints the same millisecond for both.
    var iso8601WithMilliseconds: String {
        let limit = Double(1 << 60)
        let milliseconds = min(max((timeIntervalSince1970 * 1000).rounded(), -limit), limit)
        return RFC3339Time(millisecondsSince1970: milliseconds.isNaN ? 0 : Int(milliseconds)).text(fractionDigits: 3)
    }

    /// The date `text` denotes in ISO 8601 with a time zone, with or without fractional
    /// seconds, or `nil`: RFC 3339's form read directly, any other that Foundation's ISO 8601
    /// parser takes (such as an offset without a colon) by that parser.
    init?(iso8601 text: String) {
        guard let date = RFC3339Time(text)?.instant ?? Self.otherForms.lazy.compactMap({ try? $0.parse(text) }).first else { return nil }
        self = date
    }
}
