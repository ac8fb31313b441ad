import CivilTime
import Foundation

/// The date form of Nuxeo's JSON: ISO 8601 in UTC with milliseconds
/// (`2024-01-02T10:00:00.123Z`); parsing also takes other offsets, no fraction, or a date alone.
public enum NuxeoDate {
    /// `date` as `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`.
    public static func format(_ date: Date) -> String {
        RFC3339Time(date).text(fractionDigits: 3)
    }

    /// The date in `text`, or `nil`.
    public static func parse(_ text: String) -> Date? {
        if let time = RFC3339Time(text) { return time.instant }
        if let date = try? withMilliseconds.parse(text) { return date }
        if let date = try? withoutFraction.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().parse(text) { return date }
        // Offsets written without a colon, as in `2024-01-02T10:00:00.12+0000` (the iOS SDK).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for pattern in ["yyyy-MM-dd'T'HH:mm:ss.SSZZZ", "yyyy-MM-dd'T'HH:mm:ssZZZ", "yyyy-MM-dd HH:mm:ss"] {
            formatter.dateFormat = pattern
            formatter.timeZone = TimeZone(identifier: "UTC")
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    private static let withMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let withoutFraction = Date.ISO8601FormatStyle(timeZone: .gmt)
}
