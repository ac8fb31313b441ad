/// The direction of a sorted list.
public enum SortOrder: String, Sendable, Hashable {
    /// Smallest first.
    case ascending = "asc"
    /// Largest first.
    case descending = "desc"
}
