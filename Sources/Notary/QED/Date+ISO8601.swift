import Foundation

extension Date {
    /// The date in ISO 8601 UTC with milliseconds, as the QED API writes times:
    /// `2018-10-24T13:58:57.344Z`.
    var iso8601WithMilliseconds: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: self)
    }
}
