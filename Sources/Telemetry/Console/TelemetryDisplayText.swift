import Foundation

/// How the Telemetry console writes instants and spans of time for people: in UTC whatever
/// the server's locale, with the exact value one hover away.
enum TelemetryDisplayText {
    /// An instant as the partial `telemetry-time.mustache` shows it: a `<time>` element
    /// carrying the exact instant.
    struct Instant {
        /// The exact instant, ISO 8601 in UTC with fractional seconds.
        let exact: String
        /// The instant in UTC to the second (`2023-11-14 22:13:20`).
        let text: String
    }

    /// `date` to show.
    static func instant(_ date: Date) -> Instant {
        Instant(exact: date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)), text: second(date))
    }

    /// A base time in nanoseconds since 1970 to show; `nil` when there is none.
    static func baseTime(_ nanoseconds: Int64?) -> Instant? {
        nanoseconds.map { instant(Date(timeIntervalSince1970: Double($0) / 1e9)) }
    }

    /// A span of `nanoseconds` in seconds with three decimals (`12.345 s`), or minutes and
    /// hours when longer (`1 h 02 min 03.000 s`).
    static func duration(_ nanoseconds: Int64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let seconds = String(format: "%06.3f", Double(milliseconds % 60_000) / 1000)
        if hours > 0 { return "\(hours) h \(minutes < 10 ? "0" : "")\(minutes) min \(seconds) s" }
        if minutes > 0 { return "\(minutes) min \(seconds) s" }
        return String(format: "%.3f s", Double(milliseconds) / 1000)
    }

    private static func second(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
