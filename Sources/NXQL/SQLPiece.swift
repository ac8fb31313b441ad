/// One piece of compiled SQL: trusted SQL text, or a parameter to bind in its place.
///
/// Turn a list of pieces into a statement by concatenating the text and replacing each
/// `.bind` with the dialect's next placeholder (`?` for SQLite, `$1`, `$2`, … for PostgreSQL).
public enum SQLPiece: Sendable, Hashable {
    /// SQL text written by the compiler. It never contains user input, except property names
    /// that the parser has restricted to `[A-Za-z0-9_:.-]` and that are quoted as SQL literals.
    case sql(String)
    /// A value to bind to the next placeholder.
    case bind(SQLParameter)
}
