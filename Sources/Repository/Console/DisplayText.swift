import Foundation

/// How the console writes sizes and dates for people: the same text in every page and
/// whatever the server's locale, with the exact value one hover away (the `size` and `time`
/// templates put it in a `title`).
enum DisplayText {
    /// A size in bytes, as a file manager writes it.
    struct Size: Sendable {
        /// The exact count of bytes.
        let bytes: Int64
        /// The count in the largest decimal unit below it (`4 bytes`, `12.3 kB`, `2.1 MB`).
        let text: String

        /// The size of `bytes` bytes.
        init(_ bytes: Int64) {
            let units = ["kB", "MB", "GB", "TB", "PB"]
            var text = bytes == 1 ? "1 byte" : "\(bytes) bytes"
            var value = Double(bytes)
            for unit in units where value >= 1000 {
                value /= 1000
                text = String(format: "%.1f", value) + " " + unit
            }
            self.bytes = bytes
            self.text = text
        }
    }

    /// An instant, written in UTC to the minute.
    struct Time: Sendable {
        /// The exact instant in ISO 8601, with fractional seconds.
        let exact: String
        /// The minute in UTC (`2026-01-02 03:04`).
        let minute: String

        /// The instant `date`.
        init(_ date: Date) {
            exact = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
            let parts = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
            minute = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        }
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
