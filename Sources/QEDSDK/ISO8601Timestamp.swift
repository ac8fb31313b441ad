import Foundation

/// How the SDK writes and reads dates: ISO 8601 in UTC with milliseconds, as the QED API
/// does (`2018-10-24T13:58:57.344Z`). Reading also accepts times without fractional seconds.
///
/// Dates round-trip through this text to the millisecond; finer fractions are cut off.
enum ISO8601Timestamp {
    private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// The text of `date`.
    static func string(from date: Date) -> String {
        date.formatted(withMilliseconds)
    }

    /// The date `text` names, or `nil` if it is not an ISO 8601 date and time.
    static func date(from text: String) -> Date? {
        (try? withMilliseconds.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}
