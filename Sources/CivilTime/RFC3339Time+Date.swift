import Foundation

extension RFC3339Time {
    /// `date` to the nearest microsecond (what a `Date` holds reliably). A date more than 2^62
    /// microseconds (about 146,000 years) from 1970, which no clock or parsed time gives, counts
    /// as that far.
    public init(_ date: Date) {
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let limit = Double(1 << 62)
        let (seconds, microsecond) = Int(microseconds.isNaN ? 0 : min(max(microseconds, -limit), limit)).dividedRoundingDown(by: 1_000_000)
        self.init(secondsSince1970: seconds, nanosecond: microsecond * 1000)
    }

    /// The instant this time denotes.
    public var instant: Date {
        Date(timeIntervalSince1970: TimeInterval(secondsSince1970) + TimeInterval(nanosecond) / 1_000_000_000)
    }
}
