/// How a date field shows its date.
public enum DateFormat: OpenEnumeration {
    /// `MM/DD/YYYY`, such as 07/04/2025.
    case monthDayYear
    /// `DD/MM/YYYY`, such as 04/07/2025.
    case dayMonthYear
    /// `YYYY/MM/DD`, such as 2025/07/04.
    case yearMonthDay
    /// `Month DD, YYYY`, such as July 04, 2025.
    case monthNameDayYear
    /// `MM/DD/YYYY hh:mm:ss a`, such as 07/04/2025 03:20:00 pm.
    case monthDayYearTime
    /// A format this SDK does not know, as the server spelled it.
    case unknown(String)

    /// Every format this SDK knows.
    public static let knownValues: [DateFormat] = [.monthDayYear, .dayMonthYear, .yearMonthDay, .monthNameDayYear, .monthDayYearTime]

    /// The format as the API spells it, such as `Month DD, YYYY`.
    public var rawValue: String {
        switch self {
        case .monthDayYear: "MM/DD/YYYY"
        case .dayMonthYear: "DD/MM/YYYY"
        case .yearMonthDay: "YYYY/MM/DD"
        case .monthNameDayYear: "Month DD, YYYY"
        case .monthDayYearTime: "MM/DD/YYYY hh:mm:ss a"
        case .unknown(let rawValue): rawValue
        }
    }
}
