import CivilTime
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
        let fields = UTCDateTime(date.addingTimeInterval(TimeInterval(utcOffsetMinutes * 60)))
        var text = "D:" + Self.digits(fields.date.year, count: 4)
        for field in [fields.date.month, fields.date.day, fields.hour, fields.minute, fields.second] {
            text += Self.digits(field, count: 2)
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
    /// value and a missing offset means UTC. `nil` when `text` is not of that form, or its
    /// fields are not a date and time (a 13th month, a 25th hour).
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
        func field(_ index: Int, otherwise earliest: Int) -> Int { values.count > index ? values[index] : earliest }
        guard
            let local = UTCDateTime(
                year: values[0] * 100 + values[1], month: field(2, otherwise: 1), day: field(3, otherwise: 1),
                hour: field(4, otherwise: 0), minute: field(5, otherwise: 0), second: field(6, otherwise: 0))
        else { return nil }

        var offsetMinutes = 0
        let zone = characters.dropFirst(digitRun.count)
        if let sign = zone.first, sign == "+" || sign == "-" {
            let zoneDigits = zone.dropFirst().filter { $0.isASCII && $0.isNumber }
            let hours = Int(zoneDigits.prefix(2)) ?? 0
            let minutes = Int(zoneDigits.dropFirst(2).prefix(2)) ?? 0
            offsetMinutes = (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
        }
        self.init(local.instant.addingTimeInterval(TimeInterval(-offsetMinutes * 60)), utcOffsetMinutes: offsetMinutes)
    }
}
