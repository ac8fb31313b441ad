import Foundation
import HTTPSupport

/// How the Telemetry console writes base times and spans of time for people: instants as
/// ``HTTPSupport/ConsoleTime``s to the second, spans in seconds.
enum TelemetryDisplayText {
    /// A base time in nanoseconds since 1970 to show; `nil` when there is none.
    static func baseTime(_ nanoseconds: Int64?) -> ConsoleTime? {
        nanoseconds.map { ConsoleTime(Date(timeIntervalSince1970: Double($0) / 1e9), to: .second) }
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
}
