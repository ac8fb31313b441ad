import Crypto
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLiteKit

/// The relational database of a Chancery instance: SQLite embedded, or PostgreSQL for scale.
///
/// Every module talks to it through SQLKit's ``SQLKit/SQLDatabase``, so one SQL code path
/// serves both engines; the few dialect differences (column types, upsert syntax) are
/// handled by SQLKit's dialects and by ``Engine``.
///
/// ```swift
/// let database = try await Database.open(.embedded(in: "./chancery-data"), logger: logger)
/// let names = try await database.withConnection { sql in
///     try await sql.select().column("name").from("users").all(decodingColumn: "name", as: String.self)
/// }
/// try await database.close()
/// ```
///
/// On SQLite the database keeps exactly one connection for writing. SQLite admits one writer
/// at a time anyway, and a single connection makes every transaction strictly serial inside
/// the process; other processes (the `chancery` CLI next to a running server) are handled by
/// WAL mode and a busy timeout. Transactions that arrive together share one commit (see
/// ``CommitGroup``): each runs in a savepoint of its own and is answered once the shared
/// commit is durable. Reads that need no transaction can take a read-only
/// connection of their own with ``withReadConnection(_:)``: in WAL mode they run while the
/// writer writes, and see what was committed when their statement began.
public final class Database: Sendable {
    /// The database engines Chancery runs on.
    public enum Engine: String, Sendable {
        /// SQLite, the embedded default.
        case sqlite
        /// PostgreSQL, or any engine that speaks its protocol.
        case postgres
    }

    /// Where this database lives.
    public let location: DatabaseLocation
    /// The engine behind ``location``.
    public var engine: Engine {
        switch pool {
        case .sqlite: return .sqlite
        case .postgres: return .postgres
        }
    }

    private let pool: Pool

    /// The group commit of SQLite's writer; `nil` on PostgreSQL.
    var commitGroup: CommitGroup? {
        if case .sqlite(_, _, let commits, _, _) = pool { return commits }
        return nil
    }
    private let logger: Logger
    /// What every transaction runs before its `COMMIT`.
    private let beforeCommit: StatementsBeforeCommit

    private enum Pool: Sendable {
        case sqlite(
            SharedPool<SQLiteSessionSource>, readers: SharedPool<SQLiteSessionSource>, commits: CommitGroup, writerThread: NIOThreadPool,
            writerLoop: MultiThreadedEventLoopGroup
        )
        case postgres(SharedPool<PostgresConnectionSource>)
    }

    /// How many read-only connections SQLite readers share.
    private static let sqliteReaders = 4

    /// AsyncKit's pool, which predates `Sendable` annotations.
    ///
    /// `@unchecked` is sound because the pool is thread-safe by construction: its only mutable
    /// field (`didShutdown`) is read and written under its lock, its per-loop pool table is
    /// immutable after `init`, and each per-loop pool hops to its own event loop in
    /// `requestConnection`, `releaseConnection` and `close`.
    fileprivate struct SharedPool<Source: ConnectionPoolSource>: @unchecked Sendable {
        let pool: EventLoopGroupConnectionPool<Source>
    }

    private init(location: DatabaseLocation, pool: Pool, beforeCommit: StatementsBeforeCommit, logger: Logger) {
        self.location = location
        self.pool = pool
        self.beforeCommit = beforeCommit
        self.logger = logger
    }

    /// Opens the database at `location` and checks that it answers.
    ///
    /// - Parameters:
    ///   - location: The SQLite file or PostgreSQL server.
    ///   - postgresSearchPath: On PostgreSQL, the schemas to search, first one used for new
    ///     tables; `nil` keeps the server's default. Tests use it to isolate their tables.
    ///   - maxPostgresConnections: The PostgreSQL pool size per event loop.
    ///   - postgresConnectTimeout: How long opening one PostgreSQL connection may take.
    ///   - logger: Receives the database's log lines; queries log at trace level.
    public static func open(
        _ location: DatabaseLocation,
        postgresSearchPath: [String]? = nil,
        maxPostgresConnections: Int = 4,
        postgresConnectTimeout: Duration = .seconds(10),
        logger: Logger
    ) async throws -> Database {
        let pool: Pool
        let beforeCommit = StatementsBeforeCommit()
        switch location {
        case .sqlite(let path):
            try SQLiteFileMode.restrict(location)
            // The writer's statements run on a thread of its own, one after another in the
            // order they were sent (``SQLKit/SQLDatabase/runInOrder(_:)`` relies on it); the
            // readers share NIO's pool. The writer's answers, and the group commit's worker that
            // waits for them, have an event loop of their own too: on one of NIO's shared loops,
            // each answer waited for the loop to finish with the HTTP connections it serves,
            // and every transaction waits for several answers in a row.
            let writerThread = NIOThreadPool(numberOfThreads: 1)
            writerThread.start()
            let writerLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let writer = SharedPool(
                pool: EventLoopGroupConnectionPool(
                    source: SQLiteSessionSource(path: path, threadPool: writerThread, readOnly: false),
                    maxConnectionsPerEventLoop: 1, requestTimeout: .seconds(30), pruneInterval: nil, logger: logger, on: writerLoop
                ))
            let loop = MultiThreadedEventLoopGroup.singleton.next()
            pool = .sqlite(
                writer,
                readers: SharedPool(
                    pool: EventLoopGroupConnectionPool(
                        source: SQLiteSessionSource(path: path, threadPool: .singleton, readOnly: true),
                        maxConnectionsPerEventLoop: sqliteReaders, requestTimeout: .seconds(30), pruneInterval: nil, logger: logger, on: loop
                    )),
                commits: CommitGroup(beforeCommit: beforeCommit, executor: EventLoopTaskExecutor(writerLoop.next())) {
                    try await writer.lease(logger: logger)
                },
                writerThread: writerThread, writerLoop: writerLoop
            )
        case .postgres(let url):
            var configuration = try SQLPostgresConfiguration(url: url)
            configuration.searchPath = postgresSearchPath
            configuration.coreConfiguration.options.connectTimeout = TimeAmount(postgresConnectTimeout)
            pool = .postgres(
                SharedPool(
                    pool: EventLoopGroupConnectionPool(
                        source: PostgresConnectionSource(sqlConfiguration: configuration),
                        maxConnectionsPerEventLoop: maxPostgresConnections, requestTimeout: .seconds(30),
                        pruneInterval: .seconds(60), logger: logger, on: MultiThreadedEventLoopGroup.singleton
                    )))
        }
        let database = Database(location: location, pool: pool, beforeCommit: beforeCommit, logger: logger)
        do {
            try await database.checkHealth()
        } catch {
            try? await database.close()
            throw error
        }
        return database
    }

    /// Runs `body` with one connection of the pool, returned to the pool afterwards.
    ///
    /// Statements in `body` run in autocommit mode; use ``withTransaction(_:)`` to group them.
    /// Never call `withConnection` or `withTransaction` inside `body`: on SQLite the one
    /// connection is held by the outer call, and the inner one would wait for it.
    public func withConnection<Result>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        switch pool {
        case .sqlite(let shared, _, _, _, _): try await Self.withConnection(of: shared, logger: logger, sql: { $0 }, body)
        case .postgres(let shared): try await Self.withConnection(of: shared, logger: logger, sql: { $0.sql(queryLogLevel: .trace) }, body)
        }
    }

    /// Runs `body` with a connection for reading only, in autocommit mode.
    ///
    /// On SQLite this is one of a few read-only connections, so reads go on while the writer
    /// holds its connection (in a transaction, or waiting for the disk); each statement sees
    /// what was committed when it began. On PostgreSQL it is any connection of the pool.
    /// As with ``withConnection(_:)``, never nest another call inside `body`.
    public func withReadConnection<Result>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        switch pool {
        case .sqlite(_, let readers, _, _, _): try await Self.withConnection(of: readers, logger: logger, sql: { $0 }, body)
        case .postgres(let shared): try await Self.withConnection(of: shared, logger: logger, sql: { $0.sql(queryLogLevel: .trace) }, body)
        }
    }

    /// Leases a connection of `shared`, runs `body` with its SQL interface, and gives it back.
    private static func withConnection<Source, Result>(
        of shared: SharedPool<Source>, logger: Logger, sql: (Source.Connection) -> any SQLDatabase,
        _ body: (any SQLDatabase) async throws -> Result
    ) async throws -> Result where Source.Connection: Sendable {
        let connection = try await shared.pool.requestConnection(logger: logger).get()
        defer { shared.pool.releaseConnection(connection, logger: logger) }
        return try await body(sql(connection))
    }

    /// Runs `body` inside one transaction: committed when `body` returns, rolled back when it
    /// throws. It returns once the changes are durable.
    ///
    /// On SQLite, transactions that arrive together share one commit (``CommitGroup``): each
    /// runs in a savepoint of the shared transaction, which begins `IMMEDIATE`, taking the
    /// write lock up front so that two processes never deadlock upgrading a read lock. There
    /// `body` is called by the group's own task, on the event loop of the writer's answers,
    /// while the caller waits: it must not block its thread. On PostgreSQL each transaction
    /// has a connection of the pool, and the server itself has concurrent commits share their
    /// WAL flushes.
    public func withTransaction<Result>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        if let commitGroup {
            return try await commitGroup.run { sql in try await body(sql) }
        }
        return try await withConnection { sql in
            try await sql.raw("BEGIN").run()
            let result: Result
            do {
                result = try await body(sql)
                try await sql.runInOrder(beforeCommit.all)
            } catch {
                do {
                    try await sql.raw("ROLLBACK").run()
                } catch let rollbackError {
                    logger.error("rollback failed", metadata: ["error": "\(rollbackError)"])
                }
                throw error
            }
            try await sql.raw("COMMIT").run()
            return result
        }
    }

    /// Has every transaction run `statements` after its own work and before its `COMMIT`,
    /// in order, inside the transaction; asking again under the same `name` replaces them.
    ///
    /// For work that changes leave for once a transaction instead of doing it once each: on
    /// SQLite, where concurrent transactions share one (``CommitGroup``), the repository
    /// writes its full-text entries this way. A failing statement rolls the transaction back.
    public func runBeforeEachCommit(named name: String, _ statements: [any SQLExpression]) {
        beforeCommit.set(statements, named: name)
    }

    /// Runs `body` inside one transaction that no other transaction serialized by the same
    /// `lock` runs beside, in this process or in another instance on the same database: on
    /// PostgreSQL it first takes the advisory lock `lock` for the transaction; on SQLite every
    /// writing transaction is already alone.
    ///
    /// For read-then-write steps whose rows do not exist yet to be locked, such as growing the
    /// Notary's log or making the repository's first documents.
    public func withTransaction<Result>(serializedBy lock: Int64, _ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await withTransaction { sql in
            if engine == .postgres { try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: lock))").run() }
            return try await body(sql)
        }
    }

    /// The advisory lock of `name` for ``withTransaction(serializedBy:_:)``: the first eight
    /// bytes of its SHA-256, for locks of one thing among many (a link, a measurement).
    public static func lock(named name: String) -> Int64 {
        SHA256.hash(data: Data(name.utf8)).prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    /// Throws unless the database answers a trivial query.
    public func checkHealth() async throws {
        try await withConnection { sql in
            _ = try await sql.raw("SELECT 1 AS one").first()
        }
    }

    /// Closes every connection. The database cannot be used afterwards: on SQLite, the
    /// transactions already waiting for the writer commit first, and later ones throw
    /// ``StorageError/databaseClosed``.
    public func close() async throws {
        switch pool {
        case .sqlite(let shared, let readers, let commits, let writerThread, let writerLoop):
            // Transactions already queued end first; later ones are refused. Then each part is
            // shut down even when one before it fails (a pool dropped without being shut down
            // traps); the first failure is thrown. The writer's thread stops once its connection
            // is closed, and its loop once nothing waits for it.
            await commits.close()
            var failure: (any Error)?
            do { try await readers.pool.shutdownAsync() } catch { failure = failure ?? error }
            do { try await shared.pool.shutdownAsync() } catch { failure = failure ?? error }
            do { try await writerThread.shutdownGracefully() } catch { failure = failure ?? error }
            do { try await writerLoop.shutdownGracefully() } catch { failure = failure ?? error }
            if let failure { throw failure }
        case .postgres(let shared): try await shared.pool.shutdownAsync()
        }
    }
}

extension Database.SharedPool where Source == SQLiteSessionSource {
    /// Leases the connection for ``CommitGroup``, which gives it back when its transaction ends.
    func lease(logger: Logger) async throws -> (sql: any SQLDatabase, release: @Sendable () -> Void) {
        let connection = try await pool.requestConnection(logger: logger).get()
        return (connection, { [self] in pool.releaseConnection(connection, logger: logger) })
    }
}
