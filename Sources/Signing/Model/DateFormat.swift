import Foundation

/// How a date field writes its date (SignWell's `date_format`).
public enum DateFormat: String, Codable, Sendable, CaseIterable {
    case monthDayYear = "MM/DD/YYYY"
    case dayMonthYear = "DD/MM/YYYY"
    case yearMonthDay = "YYYY/MM/DD"
    case longMonthDayYear = "Month DD, YYYY"
    case monthDayYearTime = "MM/DD/YYYY hh:mm:ss a"

    /// `date` written in this format, in UTC.
    public func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        switch self {
        case .monthDayYear: formatter.dateFormat = "MM/dd/yyyy"
        case .dayMonthYear: formatter.dateFormat = "dd/MM/yyyy"
        case .yearMonthDay: formatter.dateFormat = "yyyy/MM/dd"
        case .longMonthDayYear: formatter.dateFormat = "MMMM dd, yyyy"
        case .monthDayYearTime: formatter.dateFormat = "MM/dd/yyyy hh:mm:ss a"
        }
        return formatter.string(from: date)
    }
}
