import CivilTime
import Foundation

/// intdash's time strings: RFC 3339 in UTC with nine fraction digits, such as
/// `2020-01-01T00:00:00.000000000Z` (what intdash-py's `timestamp2str` writes), read back to
/// the nanosecond.
public enum IntdashTimestamp {
    /// `nanoseconds` since 1970-01-01T00:00:00Z as `YYYY-MM-DDThh:mm:ss.nnnnnnnnnZ`.
    ///
    /// `GET /v1/data` writes one for every chunk's `created_at`, and for every point when times
    /// are asked as text.
    public static func string(nanoseconds: Int64) -> String {
        let (seconds, nanosecond) = nanoseconds.dividedRoundingDown(by: 1_000_000_000)
        return RFC3339Time(secondsSince1970: Int(seconds), nanosecond: Int(nanosecond)).text(fractionDigits: 9)
    }

    /// `date` in the same form, to the microsecond (what a `Date` holds reliably).
    public static func string(_ date: Date) -> String {
        RFC3339Time(date).text(fractionDigits: 9)
    }

    /// The nanoseconds since 1970-01-01T00:00:00Z of an RFC 3339 time with up to nine
    /// fraction digits and `Z` or a `±hh:mm` offset, or `nil` when `text` is not one.
    public static func nanoseconds(parsing text: String) -> Int64? {
        guard let time = RFC3339Time(text) else { return nil }
        let (scaled, overflow) = Int64(time.secondsSince1970).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (total, overflowed) = scaled.addingReportingOverflow(Int64(time.nanosecond))
        return overflowed ? nil : total
    }
}
