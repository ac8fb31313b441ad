import ChanceryTestSupport
import Foundation
import Logging
import SQLKit
import ServiceLifecycle
import Storage

/// A small outbox for the tests: the table `outbox_test_jobs`, whose done column is named
/// `finished_at` and whose user columns are `body`, `owner_id` and `last_code`, beside a table
/// of owners whose name a claim reads with an extra selection.
struct OutboxFixture: Sendable {
    let database: Database
    let outbox: DurableOutbox<Payload>

    /// The table and its bookkeeping columns, `finished_at` for the done time.
    static let table = OutboxTable(name: "outbox_test_jobs", doneAt: "finished_at")

    /// What a claim reads of a job: its own column and its owner's name.
    struct Payload: Decodable, Sendable, Equatable {
        /// The job's text.
        let body: String
        /// The name of the job's owner, `nil` when there is none.
        let ownerName: String?

        enum CodingKeys: String, CodingKey {
            case body
            case ownerName = "owner_name"
        }
    }

    /// A job's row, as the tests check it.
    struct Row: TableRow, Equatable {
        /// The job's id.
        let id: String
        /// How many attempts were started.
        let attempts: Int
        /// When the next attempt is due.
        let nextAttemptAt: Date?
        /// When the job was done.
        let finishedAt: Date?
        /// Why the last attempt failed.
        let lastError: String?
        /// A user column that outcomes set.
        let lastCode: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, attempts
            case nextAttemptAt = "next_attempt_at"
            case finishedAt = "finished_at"
            case lastError = "last_error"
            case lastCode = "last_code"
        }
    }

    /// The outbox of the tables in `database`.
    init(database: Database) {
        self.database = database
        let ownerName: SQLQueryString =
            "(SELECT o.name FROM outbox_test_owners o WHERE o.id = \(SQLColumn("owner_id", table: Self.table.name))) AS owner_name"
        outbox = DurableOutbox(database: database, table: Self.table, payloadColumns: ["body"], extraSelections: [ownerName])
    }

    /// Runs `body` over a fresh database with the tables and the owner `owner-1`, named Ada.
    static func with(_ body: (OutboxFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.withConnection { sql in
                try await sql.create(table: "outbox_test_owners")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("name", type: .text, .notNull)
                    .run()
                try await sql.insert(into: "outbox_test_owners").columns("id", "name").values(SQLBind("owner-1"), SQLBind("Ada")).run()
                try await sql.create(table: table.name)
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("body", type: .text, .notNull)
                    .column("owner_id", type: .text)
                    .column("attempts", type: .bigint, .notNull)
                    .column("next_attempt_at", type: .timestamp)
                    .column("finished_at", type: .timestamp)
                    .column("last_error", type: .text)
                    .column("last_code", type: .bigint)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
            }
            try await body(OutboxFixture(database: database))
        }
    }

    /// Queues a job of `owner-1` due and created at `date`.
    @discardableResult
    func enqueue(_ body: String = "hello", at date: Date) async throws -> String {
        let id = UUID().uuidString.lowercased()
        try await database.withConnection { sql in
            try await sql.insert(into: Self.table.name)
                .columns("id", "body", "owner_id", "attempts", "next_attempt_at", "created_at")
                .values(SQLBind(id), SQLBind(body), SQLBind("owner-1"), SQLBind(0), SQLBind(date), SQLBind(date))
                .run()
        }
        return id
    }

    /// The row of job `id`, or `nil` when there is none.
    func row(_ id: String) async throws -> Row? {
        try await database.withReadConnection { sql in
            try await sql.select().columns(Row.columns).from(Self.table.name).where("id", .equal, SQLBind(id)).first(decoding: Row.self)
        }
    }

    /// Runs `worker` in a service group while `body` runs, then shuts it down gracefully and
    /// waits for it to stop.
    static func running<Result: Sendable>(
        _ worker: OutboxWorker<Payload>, _ body: (ServiceGroup) async throws -> Result
    ) async throws -> Result {
        try await whileRunning([worker], body)
    }
}
