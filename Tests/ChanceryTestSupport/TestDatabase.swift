import Foundation
import Logging
import SQLKit
import Storage

/// A fresh, empty database for one test, on the engine the test run is for.
///
/// With `CHANCERY_TEST_DATABASE=postgres://…` set, each test gets a schema of its own on that
/// server (dropped afterwards); without it, a SQLite file in a temporary directory.
public enum TestDatabase {
    /// The PostgreSQL URL of this run, or `nil` for a SQLite run.
    public static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment["CHANCERY_TEST_DATABASE"], !url.isEmpty else { return nil }
        return url
    }

    /// The engine this run tests.
    public static var engine: Database.Engine { postgresURL == nil ? .sqlite : .postgres }

    /// A logger for tests: warnings and worse.
    public static var logger: Logger {
        var logger = Logger(label: "chancery.test")
        logger.logLevel = .warning
        return logger
    }

    /// Runs `body` with an empty database and removes it afterwards.
    public static func with<Result>(_ body: (Database) async throws -> Result) async throws -> Result {
        if let url = postgresURL {
            return try await withPostgresSlot {
                let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                let database = try await Database.open(
                    .postgres(url: url), postgresSearchPath: [schema], maxPostgresConnections: 2,
                    postgresConnectTimeout: connectTimeout, logger: logger
                )
                return try await finally(body, database) {
                    try await database.withConnection { try await $0.raw("CREATE SCHEMA \(ident: schema)").run() }
                } cleanup: {
                    try await database.withConnection { try await $0.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run() }
                }
            }
        }
        return try await TemporaryDirectory.with { directory in
            let database = try await Database.open(.embedded(in: directory), logger: logger)
            return try await finally(body, database)
        }
    }

    /// Whether the current task already holds one of ``TestSlots/postgresDatabases``: a test
    /// that opens a second database inside the first takes no second slot, so it cannot wait
    /// for itself.
    @TaskLocal private static var holdsPostgresSlot = false

    /// Runs `body` holding a slot of ``TestSlots/postgresDatabases``.
    private static func withPostgresSlot<Result>(_ body: () async throws -> Result) async throws -> Result {
        if holdsPostgresSlot { return try await body() }
        await TestSlots.postgresDatabases.acquire()
        do {
            let result = try await $holdsPostgresSlot.withValue(true) { try await body() }
            await TestSlots.postgresDatabases.release()
            return result
        } catch {
            await TestSlots.postgresDatabases.release()
            throw error
        }
    }

    /// How long a test may wait to open a PostgreSQL connection: the whole suite runs at once
    /// on two cores, and the server forks a process for each connection.
    static let connectTimeout = LoopbackDeadline.answer

    /// Runs `prepare`, then `body` with `database`, then `cleanup`, and closes `database` in
    /// every case: a database dropped without being closed traps, ending the whole test run.
    private static func finally<Result>(
        _ body: (Database) async throws -> Result,
        _ database: Database,
        prepare: () async throws -> Void = {},
        cleanup: () async throws -> Void = {}
    ) async throws -> Result {
        let result: Result
        do {
            try await prepare()
            result = try await body(database)
        } catch {
            try? await cleanup()
            try? await database.close()
            throw error
        }
        do {
            try await cleanup()
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
        return result
    }
}

extension TestDatabase {
    /// Creates a PostgreSQL database of its own for a test that runs a whole server, runs
    /// `body` with its URL, and drops it. Needs the test role to have `CREATEDB`.
    public static func withFreshPostgresDatabase(_ body: (String) async throws -> Void) async throws {
        guard let url = postgresURL, var components = URLComponents(string: url) else { return }
        try await withPostgresSlot {
            let name = "chancery_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try await Database.open(
                .postgres(url: url), maxPostgresConnections: 1, postgresConnectTimeout: connectTimeout, logger: logger)
            components.path = "/" + name
            try await finally({ _ in try await body(components.string!) }, admin) {
                try await admin.withConnection { try await $0.raw("CREATE DATABASE \(ident: name)").run() }
            } cleanup: {
                try await admin.withConnection { try await $0.raw("DROP DATABASE IF EXISTS \(ident: name)").run() }
            }
        }
    }

    /// Runs `body` with the `--database` arguments of a `chancery serve` process for this run:
    /// none on SQLite, a fresh PostgreSQL database (``withFreshPostgresDatabase(_:)``) otherwise.
    public static func withServeDatabaseArguments(_ body: ([String]) async throws -> Void) async throws {
        guard postgresURL != nil else { return try await body([]) }
        try await withFreshPostgresDatabase { url in try await body(["--database", url]) }
    }
}
