import CivilTime
import Foundation

/// An instant as the consoles show it (the shared `console-time` template): in UTC whatever the
/// server's locale, in a `<time>` element that carries the exact instant, one hover away.
public struct ConsoleTime: Sendable {
    /// How much of the instant the text shows.
    public enum Precision: Sendable {
        /// To the minute (`2026-01-02 03:04`).
        case minute
        /// To the second (`2026-01-02 03:04:05`).
        case second
    }

    /// The exact instant in ISO 8601, in UTC with fractional seconds.
    public let exact: String
    /// The instant in UTC to the chosen precision.
    public let text: String

    /// `date`, shown to `precision`.
    public init(_ date: Date, to precision: Precision) {
        exact = RFC3339Time(date).text(fractionDigits: 3)
        let second = UTCDateTime(date).text
        text = precision == .minute ? String(second.dropLast(3)) : second
    }
}
