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

extension PDFDate {
    /// Reads a date string: `D:` (optional), the year, then optionally month, day, hour,
    /// minute and second, and `Z` or an offset `+HH'mm'`; missing fields take their earliest
    /// value and a missing offset means UTC. `nil` when `text` is not of that form.
    public init?(text: String) {
        var characters = Substring(text)
        if characters.hasPrefix("D:") {
            characters = characters.dropFirst(2)
        }
        let digitRun = characters.prefix { $0.isASCII && $0.isNumber }
        guard digitRun.count >= 4, digitRun.count % 2 == 0, digitRun.count <= 14 else { return nil }
        let values = stride(from: 0, to: digitRun.count, by: 2).map { offset -> Int in
            let start = digitRun.index(digitRun.startIndex, offsetBy: offset)
            return Int(digitRun[start..<digitRun.index(start, offsetBy: 2)]) ?? 0
        }
        var components = DateComponents()
        components.year = values[0] * 100 + values[1]
        components.month = values.count > 2 ? values[2] : 1
        components.day = values.count > 3 ? values[3] : 1
        components.hour = values.count > 4 ? values[4] : 0
        components.minute = values.count > 5 ? values[5] : 0
        components.second = values.count > 6 ? values[6] : 0

        var offsetMinutes = 0
        let zone = characters.dropFirst(digitRun.count)
        if let sign = zone.first, sign == "+" || sign == "-" {
            let zoneDigits = zone.dropFirst().filter { $0.isASCII && $0.isNumber }
            let hours = Int(zoneDigits.prefix(2)) ?? 0
            let minutes = Int(zoneDigits.dropFirst(2).prefix(2)) ?? 0
            offsetMinutes = (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard let local = calendar.date(from: components) else { return nil }
        self.init(local.addingTimeInterval(TimeInterval(-offsetMinutes * 60)), utcOffsetMinutes: offsetMinutes)
    }
}
