import Foundation
import SQLiteNIO

/// A SQLite database file of the SDK's caches, opened for each use.
///
/// Each use opens its own connection and closes it when done, so that callers on several
/// threads never share one, a cache object needs no closing, and a transaction never sees
/// another caller's statements. Connections wait up to ten seconds for one another's locks.
struct SQLiteDatabase: Sendable {
    /// The database file.
    let file: URL
    /// The statements that create the tables and indexes, if they do not exist yet
    /// (`CREATE … IF NOT EXISTS`), run on each connection.
    let schema: [String]

    /// Opens a connection, runs `body` with it, and closes it.
    ///
    /// - Throws: The error opening the database, creating the schema, or of `body`.
    func withConnection<Result>(_ body: (SQLiteConnection) async throws -> Result) async throws -> Result {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let connection = try await SQLiteConnection.open(storage: .file(path: file.path))
        do {
            _ = try await connection.query("PRAGMA busy_timeout = 10000")
            for statement in schema {
                _ = try await connection.query(statement)
            }
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs `body` in a transaction of its own connection: all its changes are made, or none.
    func transaction<Result>(_ body: (SQLiteConnection) async throws -> Result) async throws -> Result {
        try await withConnection { connection in
            _ = try await connection.query("BEGIN IMMEDIATE")
            do {
                let result = try await body(connection)
                _ = try await connection.query("COMMIT")
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }
    }
}
