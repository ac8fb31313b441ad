/// A value bound to a placeholder of compiled SQL. User input only ever reaches the database
/// as a parameter, never as SQL text.
public enum SQLParameter: Sendable, Hashable {
    /// A text value.
    case text(String)
    /// A 64-bit integer.
    case integer(Int)
    /// A double-precision floating-point number (always finite).
    case double(Double)
}
