import Foundation

extension Date {
    /// ISO 8601 in UTC with milliseconds, the way the QED API writes times.
    private static let iso8601Style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

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
    init?(iso8601 text: String) {
        guard let date = (try? Self.iso8601Style.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text)) else { return nil }
        self = date
    }
}
