/// The SQL engine a compiled query is written for.
public enum SQLDialect: Sendable, Hashable {
    /// SQLite 3.38 or later, with the JSON1 functions and FTS5.
    case sqlite
    /// PostgreSQL 12 or later.
    case postgres
}
