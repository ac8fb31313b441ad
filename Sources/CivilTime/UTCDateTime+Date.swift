import Foundation

extension UTCDateTime {
    /// The whole second of `date` (rounded down). A date more than about 35 million years
    /// from 1970 (which no clock or parsed time gives) counts as that far.
    public init(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let limit = Double(1 << 50)
        self.init(secondsSince1970: seconds.isNaN ? 0 : Int(min(max(seconds, -limit), limit)))
    }

    /// The instant this time denotes.
    public var instant: Date {
        Date(timeIntervalSince1970: TimeInterval(secondsSince1970))
    }
}
