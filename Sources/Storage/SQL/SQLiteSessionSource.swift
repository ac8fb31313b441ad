import Logging
import NIOCore
import NIOPosix
import SQLiteKit

/// Opens SQLite connections (``SQLiteSession``) set up the way Chancery needs them.
///
/// - `foreign_keys`: references between tables are enforced.
/// - `journal_mode = WAL`: readers never block the writer, and a crash never corrupts the file.
/// - `synchronous = FULL`: a committed transaction survives power loss, so an API that
///   answered success never loses the data.
/// - `busy_timeout`: another process holding the write lock (the CLI next to a running
///   server) makes a statement wait instead of failing at once.
/// - `query_only` for readers: a connection meant for reads cannot write by mistake.
/// - `temp_store = MEMORY` for the writer: the savepoint journal of a transaction (every
///   ``CommitGroup`` member runs in a savepoint, and each journals the pages it changes) is kept
///   in memory instead of spilling to a temporary file after 64 KiB, which cost a `pwrite` per
///   page (a fifth of the writer's time when documents are created concurrently). It lives
///   until the transaction ends and holds a copy of each page the transaction changes, so the
///   largest transactions (deleting or moving a subtree) take memory in proportion to what
///   they change. Readers keep SQLite's default: their large sorts may spill to files.
/// - `case_sensitive_like`: `LIKE` compares case as PostgreSQL's does (and NXQL's `LIKE`
///   requires); `ILIKE`-style matching lowers both sides explicitly.
struct SQLiteSessionSource: ConnectionPoolSource {
    /// The SQLite file.
    let path: String
    /// Where the connections run their queries.
    let threadPool: NIOThreadPool
    /// Whether the connections refuse writes.
    let readOnly: Bool

    /// The statements that set a new connection up, in order.
    var setUp: [String] {
        let common = [
            "PRAGMA foreign_keys = ON", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA busy_timeout = 15000",
            "PRAGMA case_sensitive_like = ON",
        ]
        return common + (readOnly ? ["PRAGMA query_only = ON"] : ["PRAGMA query_only = OFF", "PRAGMA temp_store = MEMORY"])
    }

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteSession> {
        let setUp = setUp
        return SQLiteSession.open(path: path, threadPool: threadPool, logger: logger, on: eventLoop).flatMap { session in
            setUp.reduce(session.eventLoop.makeSucceededVoidFuture()) { done, statement in
                done.flatMap { session.execute(sql: SQLRaw(statement)) { _ in } }
            }
            .map { session }
            .flatMapError { error in session.close().flatMapThrowing { throw error } }
        }
    }
}
