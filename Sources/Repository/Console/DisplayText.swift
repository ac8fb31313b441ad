import Foundation
import HTTPSupport

/// How the console writes sizes and dates for people: the same text in every page and
/// whatever the server's locale, with the exact value one hover away.
enum DisplayText {
    /// `bytes` in the largest decimal unit below it, as a file manager writes it (`4 bytes`,
    /// `12.3 kB`, `2.1 MB`), with the exact count in its `title`; HTML.
    static func size(_ bytes: Int64) -> String {
        let units = ["kB", "MB", "GB", "TB", "PB"]
        var text = bytes == 1 ? "1 byte" : "\(bytes) bytes"
        var value = Double(bytes)
        for unit in units where value >= 1000 {
            value /= 1000
            text = String(format: "%.1f", value) + " " + unit
        }
        return "<span title=\"\(bytes) bytes\">\(text.htmlEscaped)</span>"
    }

    /// `date` in UTC to the minute (`2026-01-02 03:04 UTC`), in a `<time>` element that carries
    /// the exact instant; HTML.
    static func date(_ date: Date) -> String {
        let exact = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
        return "<time datetime=\"\(exact.htmlEscaped)\" title=\"\(exact.htmlEscaped)\">\(minute(date).htmlEscaped) UTC</time>"
    }

    /// A stored date property (ISO 8601 text) written as ``date(_:)``; the text itself when it
    /// is not a date.
    static func date(text: String) -> String {
        NuxeoDate.parse(text).map(date) ?? text.htmlEscaped
    }

    private static func minute(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC.
    fileprivate static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
