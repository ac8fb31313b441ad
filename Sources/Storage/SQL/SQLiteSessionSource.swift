import Logging
import NIOCore
import SQLiteKit

/// Opens SQLite connections set up the way Chancery needs them.
///
/// - `journal_mode = WAL`: readers never block the writer, and a crash never corrupts the file.
/// - `synchronous = FULL`: a committed transaction survives power loss, so an API that
///   answered success never loses the data.
/// - `busy_timeout`: another process holding the write lock (the CLI next to a running
///   server) makes a statement wait instead of failing at once.
/// - `query_only` for readers: a connection meant for reads cannot write by mistake.
/// - `case_sensitive_like`: `LIKE` compares case as PostgreSQL's does (and NXQL's `LIKE`
///   requires); `ILIKE`-style matching lowers both sides explicitly.
struct SQLiteSessionSource: ConnectionPoolSource {
    /// The SQLiteKit source that opens the file.
    let base: SQLiteConnectionSource
    /// Whether the connections refuse writes.
    let readOnly: Bool

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA journal_mode = WAL")
                .flatMap { _ in connection.query("PRAGMA synchronous = FULL") }
                .flatMap { _ in connection.query("PRAGMA busy_timeout = 15000") }
                .flatMap { _ in connection.query("PRAGMA case_sensitive_like = ON") }
                .flatMap { _ in connection.query("PRAGMA query_only = \(readOnly ? "ON" : "OFF")") }
                .map { _ in connection }
                .flatMapError { error in connection.close().flatMapThrowing { throw error } }
        }
    }
}
