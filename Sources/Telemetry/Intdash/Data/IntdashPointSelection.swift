import Foundation

/// Which of the answers `GET /v1/data` has ready it gives, for the parameters the index cannot
/// apply: `since` (only points stored at or after a time), `period` (at most one point per
/// data id in each window of that many microseconds) and, after those two, `limit`.
///
/// It judges answers, not stored points: a point a signal converts is answered under the
/// signal's label, so `period` keeps one per label as well as one per raw data id.
struct IntdashPointSelection: Sendable {
    /// The iSCP 1.0 data id of an answer: `(data type, channel, data id)`.
    private struct Key: Hashable {
        let dataType: UInt8
        let channel: UInt8
        let dataID: String
    }

    /// The earliest time a point's chunk may have been stored.
    let since: Date?
    /// The width of a decimation window in nanoseconds of absolute time; windows start at
    /// multiples of it since 1970-01-01T00:00:00Z.
    let period: Int64?
    /// The most points answered.
    let limit: Int?

    /// The window each data id last had a point answered in.
    private var answeredWindows: [Key: Int64] = [:]
    /// How many points were answered.
    private var answered = 0

    /// A selection; `period` is in nanoseconds.
    init(since: Date?, period: Int64?, limit: Int?) {
        self.since = since
        self.period = period
        self.limit = limit
    }

    /// Whether the store can apply `limit` itself: when nothing else leaves points out.
    var isLimitOnly: Bool { since == nil && period == nil }

    /// Whether every point that may be answered has been.
    var isComplete: Bool { limit.map { answered >= $0 } ?? false }

    /// Whether `response`, the next one ready, is given; counts it when it is.
    mutating func admits(_ response: IntdashDataResponse) -> Bool {
        guard !isComplete else { return false }
        if let since, response.createdAt < since { return false }
        if let period {
            let key = Key(dataType: response.dataType, channel: response.channel, dataID: response.dataID)
            let window = Self.floorDivision(response.time, period)
            if answeredWindows[key] == window { return false }
            answeredWindows[key] = window
        }
        answered += 1
        return true
    }

    /// How many more answers are given, when nothing but the limit can leave one out
    /// (``isLimitOnly``): the answers ready are given in order up to that many, and counted with
    /// ``countGiven(_:)``.
    var givenCount: Int {
        precondition(isLimitOnly, "answers were judged without their times, storage times and data ids")
        return limit.map { max(0, $0 - answered) } ?? .max
    }

    /// Counts `count` answers given out of ``givenCount``.
    mutating func countGiven(_ count: Int) {
        precondition(count <= givenCount, "more answers were given than the selection gives")
        answered += count
    }

    /// `value / divisor` rounded towards negative infinity, so that windows before 1970 are as
    /// wide as those after.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
