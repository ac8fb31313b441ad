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
    }

    /// Encodes the values bound to every statement.
    private static let encoder = SQLiteDataEncoder()
    /// SQLite's destructor constant that has it copy a bound value at once.
    private static let copyValue = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    /// Initializes the library once, before the first connection opens.
    private static let initialized: Int32 = sqlite3_initialize()

    private init(connection: OpaquePointer, threadPool: NIOThreadPool, logger: Logger, eventLoop: any EventLoop) {
        self.state = Mutex(State(connection: connection))
        self.threadPool = threadPool
        self.logger = logger
        self.eventLoop = eventLoop
    }

    deinit {
        state.withLock { state in
            state.statements.removeAll()
            sqlite3_close_v2(state.connection)
        }
    }

    /// How many compiled statements the connection keeps.
    var keptStatementCount: Int { state.withLock { $0.statements.count } }

    /// Opens the SQLite file at `path` (made if missing), on `threadPool`; its answers come on
    /// `eventLoop`.
    static func open(path: String, threadPool: NIOThreadPool, logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteSession> {
        threadPool.runIfActive(eventLoop: eventLoop) {
            guard initialized == SQLITE_OK else { throw SQLiteFailure(status: initialized, on: nil) }
            var connection: OpaquePointer?
            let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
            let status = sqlite3_open_v2(path, &connection, flags, nil)
            guard status == SQLITE_OK, let connection else {
                let failure = SQLiteFailure(status: status, on: connection)
                sqlite3_close_v2(connection)
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
            guard let connection = state.connection else { throw SQLiteFailure(status: SQLITE_MISUSE, message: "the connection is closed") }
            guard let statement = try state.statements.statement(for: sql, on: connection) else { return }
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            for (offset, value) in values.enumerated() {
                let status = Self.bind(value, at: Int32(offset + 1), of: statement)
                guard status == SQLITE_OK else { throw SQLiteFailure(status: status, on: connection) }
            }
            var columns: [String]?
            while true {
                let status = sqlite3_step(statement)
                guard status == SQLITE_ROW else {
                    guard status == SQLITE_DONE else { throw SQLiteFailure(status: status, on: connection) }
                    return
                }
                let count = sqlite3_column_count(statement)
                let names = columns ?? (0..<count).map { sqlite3_column_name(statement, $0).map { String(cString: $0) } ?? "" }
                columns = names
                onRow(SQLiteResultRow(columns: names, values: (0..<count).map { Self.value(at: $0, of: statement) }))
            }
        }
    }

    /// Binds `value` to parameter `index` (from 1) of `statement`; SQLite's result code.
    private static func bind(_ value: SQLiteData, at index: Int32, of statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let integer): sqlite3_bind_int64(statement, index, Int64(integer))
        case .float(let float): sqlite3_bind_double(statement, index, float)
        case .text(let text): sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), copyValue, UInt8(SQLITE_UTF8))
        case .blob(let bytes) where bytes.readableBytes == 0: sqlite3_bind_zeroblob(statement, index, 0)
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes { sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), copyValue) }
        case .null: sqlite3_bind_null(statement, index)
        }
    }

    /// The value of column `index` of the row `statement` stands on.
    private static func value(at index: Int32, of statement: OpaquePointer) -> SQLiteData {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(statement, index)))
        case SQLITE_FLOAT: return .float(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let start = sqlite3_column_text(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let start = sqlite3_column_blob(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            var bytes = ByteBufferAllocator().buffer(capacity: count)
            bytes.writeBytes(UnsafeRawBufferPointer(start: start, count: count))
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
        return threadPool.runIfActive(eventLoop: eventLoop) {
            self.state.withLock { state in
                state.statements.removeAll()
                sqlite3_close_v2(state.connection)
                state.connection = nil
            }
        }
    }
}
