import Foundation

/// How the SDK writes and reads dates: ISO 8601 in UTC with milliseconds, as Nuxeo writes
/// them (`2024-01-02T10:00:00.123Z`).
///
/// Reading is lenient, as dates come from servers of several ages: with or without
/// fractional seconds, with any number of fraction digits, and with the offset written `Z`,
/// `+00:00` or `+0000` (the old iOS SDK wrote the last).
enum ISO8601Timestamp {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// The text of `date`, to the millisecond.
    static func string(from date: Date) -> String {
        date.formatted(withFraction)
    }

    /// The date `text` names, or `nil` if it is not an ISO 8601 date and time.
    static func date(from text: String) -> Date? {
        let normalized = withColonInOffset(text)
        return (try? withFraction.parse(normalized)) ?? (try? withoutFraction.parse(normalized))
    }

    /// `text` with a `±hhmm` offset at its end written `±hh:mm`.
    private static func withColonInOffset(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 5 else { return text }
        let sign = scalars[scalars.count - 5]
        let digits = scalars.suffix(4)
        guard sign == "+" || sign == "-", digits.allSatisfy({ ("0"..."9").contains($0) }) else { return text }
        var result = String(String.UnicodeScalarView(scalars.dropLast(2)))
        result += ":" + String(String.UnicodeScalarView(scalars.suffix(2)))
        return result
    }
}
