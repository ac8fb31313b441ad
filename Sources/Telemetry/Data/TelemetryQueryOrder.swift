/// The order in which a query returns data points.
public enum TelemetryQueryOrder: String, Hashable, Sendable {
    /// Earliest first; points of the same time in the order they were stored.
    case ascending = "asc"
    /// Latest first; points of the same time in the reverse of the order they were stored.
    case descending = "desc"

    /// Whether a point at `first` comes before one at `second` (times in any one unit) in this
    /// order; points of the same time come in neither.
    func precedes(_ first: Int64, _ second: Int64) -> Bool {
        self == .ascending ? first < second : first > second
    }
}
