import Foundation

/// Which of the points a stored query streams `GET /v1/data` answers, for the parameters the
/// index cannot apply: `since` (only points stored at or after a time), `period` (at most one
/// point per data id in each window of that many microseconds) and, after those two, `limit`.
struct IntdashPointSelection: Sendable {
    /// The earliest time a point's chunk may have been stored.
    let since: Date?
    /// The width of a decimation window in nanoseconds of absolute time; windows start at
    /// multiples of it since 1970-01-01T00:00:00Z.
    let period: Int64?
    /// The most points answered.
    let limit: Int?
    /// The measurement's base time, which places elapsed times in absolute time.
    let baseTime: Int64

    /// The window each data id last had a point answered in.
    private var answeredWindows: [TelemetryDataID: Int64] = [:]
    /// How many points were answered.
    private var answered = 0

    /// A selection; `period` is in nanoseconds.
    init(since: Date?, period: Int64?, limit: Int?, baseTime: Int64) {
        self.since = since
        self.period = period
        self.limit = limit
        self.baseTime = baseTime
    }

    /// Whether the store can apply `limit` itself: when nothing else leaves points out.
    var isLimitOnly: Bool { since == nil && period == nil }

    /// Whether every point that may be answered has been.
    var isComplete: Bool { limit.map { answered >= $0 } ?? false }

    /// Whether `point`, the next one streamed, is answered; counts it when it is.
    mutating func admits(_ point: TelemetryStoredDataPoint) -> Bool {
        guard !isComplete else { return false }
        if let since, point.receivedAt < since { return false }
        if let period {
            let (time, overflow) = baseTime.addingReportingOverflow(point.dataPoint.elapsedTime)
            let window = overflow ? (time < 0 ? Int64.max : Int64.min) : Self.floorDivision(time, period)
            if answeredWindows[point.dataID] == window { return false }
            answeredWindows[point.dataID] = window
        }
        answered += 1
        return true
    }

    /// `value / divisor` rounded towards negative infinity, so that windows before 1970 are as
    /// wide as those after.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
