import CSQLite3

/// An error SQLite reported: its (extended) result code and its message.
struct SQLiteFailure: Error, CustomStringConvertible {
    /// SQLite's extended result code, such as 1555 (`SQLITE_CONSTRAINT_PRIMARYKEY`).
    let status: Int32
    /// What SQLite said, such as "UNIQUE constraint failed: repo_documents.id".
    let message: String

    /// The failure `status` of a call on `connection`, with the connection's message for it.
    init(status: Int32, on connection: OpaquePointer?) {
        self.status = status
        self.message =
            connection.flatMap { chancery_sqlite_message($0) }.map { String(cString: $0) } ?? String(cString: chancery_sqlite_describe(status))
    }

    /// A failure with a message of Chancery's own, such as a query on a closed connection.
    init(status: Int32, message: String) {
        self.status = status
        self.message = message
    }

    var description: String { "SQLite error \(status): \(message)" }
}
