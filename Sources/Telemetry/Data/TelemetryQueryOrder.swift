/// The order in which a query returns data points.
public enum TelemetryQueryOrder: String, Hashable, Sendable {
    /// Earliest first; points of the same time in the order they were stored.
    case ascending = "asc"
    /// Latest first; points of the same time in the reverse of the order they were stored.
    case descending = "desc"
}
