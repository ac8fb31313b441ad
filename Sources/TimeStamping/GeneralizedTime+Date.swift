import CivilTime
import Foundation
import SwiftASN1

extension GeneralizedTime {
    /// The time `date` denotes, truncated to whole milliseconds, written without trailing zeros
    /// in the fraction as DER requires (RFC 3161 §2.4.2).
    init(_ date: Date) throws {
        let millisecondsSince1970 = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let wholeSeconds = Date(timeIntervalSince1970: (millisecondsSince1970 / 1000).rounded(.down))
        let millis = Int(millisecondsSince1970 - (wholeSeconds.timeIntervalSince1970 * 1000))
        let parts = UTCDateTime(wholeSeconds)
        var digits = millis == 0 ? Substring("") : String(millis + 1000).dropFirst()
        while digits.last == "0" {
            digits.removeLast()
        }
        try self.init(
            year: parts.date.year, month: parts.date.month, day: parts.date.day,
            hours: parts.hour, minutes: parts.minute, seconds: parts.second,
            rawFractionalSeconds: ArraySlice(digits.utf8)
        )
    }

    /// The instant this time denotes (1970-01-01 when its fields are not a time, which a
    /// parsed or constructed `GeneralizedTime` has checked they are).
    public var date: Date {
        let whole = UTCDateTime(year: year, month: month, day: day, hour: hours, minute: minutes, second: seconds)
        return (whole?.instant ?? Date(timeIntervalSince1970: 0)).addingTimeInterval(fractionalSeconds)
    }
}
