import Foundation

extension Date {
    /// ISO 8601 in UTC with milliseconds, the way the QED API writes times.
    private static let iso8601Style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    /// ISO 8601 in UTC in whole seconds.
    private static let wholeSecondsStyle = Date.ISO8601FormatStyle()

    /// The date in ISO 8601 UTC with milliseconds, as the QED API writes times:
    /// `2018-10-24T13:58:57.344Z`.
    ///
    /// The time is rounded to the nearest millisecond. A time stored as seconds (SQLite) or
    /// microseconds (PostgreSQL) reads back a hair off the millisecond it was written with;
    /// rounding (rather than the format's truncation) prints the same millisecond for both.
    var iso8601WithMilliseconds: String {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        return Self.iso8601Style.format(Date(timeIntervalSince1970: (milliseconds + 0.5) / 1000))
    }

    /// The date `text` denotes in ISO 8601 with a time zone, with or without fractional
    /// seconds, or `nil`.
    ///
    /// The form the text looks like (a `.` after the seconds) is tried first: a parse that
    /// fails costs more than one that succeeds.
    init?(iso8601 text: String) {
        let fractional = text.utf8.dropFirst(19).first == UInt8(ascii: ".")
        let (likely, other) = fractional ? (Self.iso8601Style, Self.wholeSecondsStyle) : (Self.wholeSecondsStyle, Self.iso8601Style)
        guard let date = (try? likely.parse(text)) ?? (try? other.parse(text)) else { return nil }
        self = date
    }
}
