import CSQLite3
import Logging
import NIOCore
import NIOPosix
import SQLiteKit
import Synchronization

/// One connection to an SQLite file through the system's SQLite, which keeps the statements it
/// compiles (``SQLiteStatementCache``) and answers SQLKit's queries.
///
/// Queries run on `threadPool`, where a blocking disk write or a long scan holds none of the
/// event loops; a connection runs one query at a time, so on a pool of one thread (the
/// writer's) they run in the order they were sent. Each query's rows are handed to its row
/// handler on that thread, as they are stepped through, and its statement is reset before the
/// query answers, so a finished query never keeps a read transaction open.
///
/// Values are bound and rows decoded with SQLiteKit's encoder and decoder, and statements are
/// written in its dialect, so SQL reads and writes the same as through SQLiteKit's
/// connections. ``SQLiteSessionSource`` opens these connections and sets them up.
final class SQLiteSession: SQLDatabase, Sendable {
    let eventLoop: any EventLoop
    let logger: Logger
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { .trace }

    /// Where the queries run.
    private let threadPool: NIOThreadPool
    /// The SQLite connection (`nil` once closed) and its statements.
    private let state: Mutex<State>
    /// Whether ``close()`` was called, readable without waiting for a running query.
    private let closed = Atomic<Bool>(false)

    /// `@unchecked` because SQLite's pointers are not `Sendable`: the state is only ever
    /// reached under ``state``'s lock, and the connection is opened serialized (`FULLMUTEX`).
    private struct State: ~Copyable, @unchecked Sendable {
        var connection: OpaquePointer?
        var statements = SQLiteStatementCache()

        /// Finalizes the kept statements and closes the connection; closing again does nothing.
        mutating func close() {
            statements.removeAll()
            chancery_sqlite_close(connection)
            connection = nil
        }
    }

    /// Encodes the values bound to every statement.
    private static let encoder = SQLiteDataEncoder()
    /// Initializes the library once, before the first connection opens.
    private static let initialized: Int32 = chancery_sqlite_initialize()

    private init(connection: OpaquePointer, threadPool: NIOThreadPool, logger: Logger, eventLoop: any EventLoop) {
        self.state = Mutex(State(connection: connection))
        self.threadPool = threadPool
        self.logger = logger
        self.eventLoop = eventLoop
    }

    deinit {
        state.withLock { $0.close() }
    }

    /// How many compiled statements the connection keeps.
    var keptStatementCount: Int { state.withLock { $0.statements.count } }

    /// Opens the SQLite file at `path` (made if missing), on `threadPool`; its answers come on
    /// `eventLoop`.
    static func open(path: String, threadPool: NIOThreadPool, logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteSession> {
        threadPool.runIfActive(eventLoop: eventLoop) {
            guard initialized == CHANCERY_SQLITE_OK else { throw SQLiteFailure(status: initialized, on: nil) }
            var connection: OpaquePointer?
            let status = chancery_sqlite_open(path, &connection)
            guard status == CHANCERY_SQLITE_OK, let connection else {
                let failure = SQLiteFailure(status: status, on: connection)
                chancery_sqlite_close(connection)
                throw failure
            }
            return SQLiteSession(connection: connection, threadPool: threadPool, logger: logger, eventLoop: eventLoop)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            let (sql, values) = try serializeForSQLite(query)
            return threadPool.runIfActive(eventLoop: eventLoop) { try self.run(sql, values, onRow) }
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, values) = try serializeForSQLite(query)
        try await threadPool.runIfActive { try self.run(sql, values, onRow) }
    }

    /// `query`'s SQL text and its values as SQLite values.
    private func serializeForSQLite(_ query: any SQLExpression) throws -> (String, [SQLiteData]) {
        let (sql, binds) = serialize(query)
        logger.trace("Executing query", metadata: ["sql": .string(sql)])
        return (sql, try binds.map { try Self.encoder.encode($0) })
    }

    /// Runs `sql` with `values` bound to its parameters and hands each row to `onRow`.
    private func run(_ sql: String, _ values: [SQLiteData], _ onRow: (any SQLRow) -> Void) throws {
        try state.withLock { state throws(SQLiteFailure) in
            guard let connection = state.connection else { throw SQLiteFailure(status: CHANCERY_SQLITE_MISUSE, message: "the connection is closed") }
            guard let statement = try state.statements.statement(for: sql, on: connection) else { return }
            defer { chancery_sqlite_reset(statement) }
            for (offset, value) in values.enumerated() {
                let status = Self.bind(value, at: Int32(offset + 1), of: statement)
                guard status == CHANCERY_SQLITE_OK else { throw SQLiteFailure(status: status, on: connection) }
            }
            var columns: [String]?
            while true {
                let status = chancery_sqlite_step(statement)
                guard status == CHANCERY_SQLITE_ROW else {
                    guard status == CHANCERY_SQLITE_DONE else { throw SQLiteFailure(status: status, on: connection) }
                    return
                }
                let count = chancery_sqlite_column_count(statement)
                let names = columns ?? (0..<count).map { chancery_sqlite_column_name(statement, $0).map { String(cString: $0) } ?? "" }
                columns = names
                onRow(SQLiteResultRow(columns: names, values: (0..<count).map { Self.value(at: $0, of: statement) }))
            }
        }
    }

    /// Binds `value` to parameter `index` (from 1) of `statement`; SQLite's result code.
    private static func bind(_ value: SQLiteData, at index: Int32, of statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let integer): chancery_sqlite_bind_int64(statement, index, Int64(integer))
        case .float(let float): chancery_sqlite_bind_double(statement, index, float)
        case .text(let text): chancery_sqlite_bind_text(statement, index, text, Int64(text.utf8.count))
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes { chancery_sqlite_bind_blob(statement, index, $0.baseAddress, Int64($0.count)) }
        case .null: chancery_sqlite_bind_null(statement, index)
        }
    }

    /// The value of column `index` of the row `statement` stands on.
    private static func value(at index: Int32, of statement: OpaquePointer) -> SQLiteData {
        var count: Int32 = 0
        switch chancery_sqlite_column_type(statement, index) {
        case CHANCERY_SQLITE_INTEGER: return .integer(Int(chancery_sqlite_column_int64(statement, index)))
        case CHANCERY_SQLITE_FLOAT: return .float(chancery_sqlite_column_double(statement, index))
        case CHANCERY_SQLITE_TEXT:
            let start = chancery_sqlite_column_text(statement, index, &count)
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: Int(count)), as: UTF8.self))
        case CHANCERY_SQLITE_BLOB:
            let start = chancery_sqlite_column_blob(statement, index, &count)
            var bytes = ByteBufferAllocator().buffer(capacity: Int(count))
            bytes.writeBytes(UnsafeRawBufferPointer(start: start, count: Int(count)))
            return .blob(bytes)
        default: return .null
        }
    }
}

extension SQLiteSession: ConnectionPoolItem {
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Finalizes the kept statements and closes the connection, on its thread pool.
    func close() -> EventLoopFuture<Void> {
        closed.store(true, ordering: .releasing)
        return threadPool.runIfActive(eventLoop: eventLoop) { self.state.withLock { $0.close() } }
    }
}
