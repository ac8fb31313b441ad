import Foundation
import SwiftASN1

extension GeneralizedTime {
    /// The UTC calendar used to convert between `Date` and ASN.1 time fields.
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The time `date` denotes, truncated to whole milliseconds, written without trailing zeros
    /// in the fraction as DER requires (RFC 3161 §2.4.2).
    init(_ date: Date) throws {
        let millisecondsSince1970 = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let wholeSeconds = Date(timeIntervalSince1970: (millisecondsSince1970 / 1000).rounded(.down))
        let millis = Int(millisecondsSince1970 - (wholeSeconds.timeIntervalSince1970 * 1000))
        let parts = Self.utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wholeSeconds)
        var digits = millis == 0 ? Substring("") : String(millis + 1000).dropFirst()
        while digits.last == "0" {
            digits.removeLast()
        }
        try self.init(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
            hours: parts.hour ?? 0, minutes: parts.minute ?? 0, seconds: parts.second ?? 0,
            rawFractionalSeconds: ArraySlice(digits.utf8)
        )
    }

    /// The instant this time denotes.
    public var date: Date {
        let parts = DateComponents(
            year: year, month: month, day: day, hour: hours, minute: minutes, second: seconds
        )
        let whole = Self.utcCalendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
        return whole.addingTimeInterval(fractionalSeconds)
    }
}
