/// When a marker applies, in microseconds of elapsed time since the measurement's base time.
public enum MarkerSpan: Sendable, Hashable {
    /// An instant (intdash's `point` marker, `{occurred_elapsed_time}`).
    case point(occurredAt: Int64)
    /// An interval (intdash's `range` marker, `{start_elapsed_time, end_elapsed_time}`).
    case range(start: Int64, end: Int64)

    /// intdash's name of the marker type: `point` or `range`.
    public var typeName: String {
        switch self {
        case .point: return "point"
        case .range: return "range"
        }
    }

    /// The first instant the span covers.
    var start: Int64 {
        switch self {
        case .point(let occurredAt): return occurredAt
        case .range(let start, _): return start
        }
    }

    /// The last instant of a range; `nil` for a point.
    var end: Int64? {
        switch self {
        case .point: return nil
        case .range(_, let end): return end
        }
    }

    /// Throws unless the times are non-negative and a range does not end before it starts.
    func validate() throws {
        guard start >= 0, (end ?? start) >= 0 else { throw CatalogError.invalid("marker times must not be negative") }
        if let end, end < start { throw CatalogError.invalid("a range marker must not end before it starts") }
    }
}
