import CSQLite3

/// The compiled statements of one SQLite connection, kept by their SQL text, so that a
/// statement the connection ran before runs again without being compiled again.
///
/// Compiling is a large part of running the repository's writes: for an `INSERT` into a table,
/// SQLite generates the code that maintains each of its indexes (documents have fourteen, six of
/// them on property expressions). The SQL Chancery sends is a finite set of texts with their
/// values bound, so a few hundred entries hold all of them; past ``capacity`` an arbitrary
/// entry makes room. Not thread-safe: its ``SQLiteSession`` uses it under its lock.
struct SQLiteStatementCache: ~Copyable {
    /// How many statements are kept at most.
    static let capacity = 512

    private var statements: [String: OpaquePointer] = [:]

    /// How many statements are kept.
    var count: Int { statements.count }

    /// The compiled statement of `sql` on `connection`, compiled now if it is not kept yet;
    /// `nil` when `sql` holds no statement (only blanks or comments).
    ///
    /// The statement is reset, with no values bound: the caller resets it again after use.
    ///
    /// - Throws: ``SQLiteFailure`` when SQLite cannot compile `sql`.
    mutating func statement(for sql: String, on connection: OpaquePointer) throws(SQLiteFailure) -> OpaquePointer? {
        if let kept = statements[sql] { return kept }
        var statement: OpaquePointer?
        let status = chancery_sqlite_prepare(connection, sql, &statement)
        guard status == CHANCERY_SQLITE_OK else { throw SQLiteFailure(status: status, on: connection) }
        guard let statement else { return nil }
        if statements.count >= Self.capacity, let evicted = statements.popFirst() { chancery_sqlite_finalize(evicted.value) }
        statements[sql] = statement
        return statement
    }

    /// Finalizes every statement, before the connection closes.
    mutating func removeAll() {
        for statement in statements.values { chancery_sqlite_finalize(statement) }
        statements.removeAll()
    }
}
