import Foundation

/// A moment written as a PDF date string, `D:YYYYMMDDHHmmSS` followed by `Z` or by the
/// offset from UTC as `+HH'mm'` / `-HH'mm'` (ISO 32000-1 §7.9.4).
public struct PDFDate: Sendable, Hashable {
    /// The moment. Fractions of a second are dropped when written.
    public var date: Date
    /// The offset of the local time shown from UTC, in minutes (for example 60 for
    /// UTC+01:00). Zero writes the time in UTC with the suffix `Z`.
    public var utcOffsetMinutes: Int

    /// Creates a date shown in the zone `utcOffsetMinutes` away from UTC.
    public init(_ date: Date, utcOffsetMinutes: Int = 0) {
        self.date = date
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// The date string, for example `D:20250314092653Z` or `D:20250314102653+01'00'`.
    public var text: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let localTime = date.addingTimeInterval(TimeInterval(utcOffsetMinutes * 60))
        let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: localTime)

        var text = "D:" + Self.digits(fields.year ?? 0, count: 4)
        for field in [fields.month, fields.day, fields.hour, fields.minute, fields.second] {
            text += Self.digits(field ?? 0, count: 2)
        }
        guard utcOffsetMinutes != 0 else { return text + "Z" }
        let sign = utcOffsetMinutes > 0 ? "+" : "-"
        let magnitude = utcOffsetMinutes.magnitude
        return text + sign + Self.digits(Int(magnitude / 60), count: 2) + "'" + Self.digits(Int(magnitude % 60), count: 2) + "'"
    }

    /// `value` in decimal, left-padded with zeros to `count` digits.
    private static func digits(_ value: Int, count: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, count - digits.count)) + digits
    }
}
