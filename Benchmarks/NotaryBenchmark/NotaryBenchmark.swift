import BenchmarkSupport
import Crypto
import Foundation
import Logging
import Notary
import SQLKit
import ServiceLifecycle
import Storage
import TransparencyLog

/// Measures the Notary's log path with full durability on SQLite: sustained entries per
/// second through the sequencer, and the append-to-confirmed latency, against a reference
/// measured in the same run on the same disk: batched SQLite inserts of rows of the same size.
///
///     swift run -c release NotaryBenchmark [ENTRIES] [CONCURRENCY]
@main
struct NotaryBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let entries = arguments.first ?? 20_000
        let concurrency = arguments.dropFirst().first ?? 1_024
        let logger = {
            var logger = Logger(label: "benchmark")
            logger.logLevel = .error
            return logger
        }()

        let reference = try await withScratchDatabase(logger: logger) { database in
            try await referenceInsertRate(database: database, rows: entries)
        }
        let result = try await withScratchDatabase(logger: logger) { database in
            try await logRate(database: database, entries: entries, concurrency: concurrency, logger: logger)
        }
        print("entries: \(entries), concurrent callers: \(concurrency), SQLite WAL with synchronous=FULL")
        print(String(format: "reference, batched SQLite inserts (512 rows per transaction): %.0f rows/s", reference))
        print(
            String(
                format: "log, append to signed checkpoint:                            %.0f entries/s (%.2f × reference)", result.rate,
                result.rate / reference))
        print(String(format: "latency append → confirmed: p50 %.1f ms, p99 %.1f ms", result.p50 * 1000, result.p99 * 1000))
    }

    /// A 160-byte entry, about the size of a report's.
    static func entry(_ number: Int) -> [UInt8] {
        Array(
            String(format: "notary.bench/log/entry/v1\nhash %064x\nmeta %@\nslug bench%06d\n", number, String(repeating: "A", count: 44), number).utf8
        )
    }

    static func referenceInsertRate(database: Database, rows: Int) async throws -> Double {
        try await database.withConnection { sql in
            try await sql.create(table: "reference").column("idx", type: .bigint, .primaryKey(autoIncrement: false)).column("entry", type: .blob)
                .run()
        }
        let start = ContinuousClock.now
        for batchStart in stride(from: 0, to: rows, by: 512) {
            try await database.withTransaction { sql in
                let batch = (batchStart..<min(batchStart + 512, rows)).map { [SQLBind($0), SQLBind(Data(entry($0)))] as [any SQLExpression] }
                try await sql.insert(into: "reference").columns("idx", "entry").rows(batch).run()
            }
        }
        return Double(rows) / (ContinuousClock.now - start).seconds
    }

    static func logRate(database: Database, entries: Int, concurrency: Int, logger: Logger) async throws -> LoadMeasurement {
        try await database.migrate([NotaryMigrations.all], logger: logger)
        let signer = try Ed25519NoteSigner(name: "notary.bench/log", privateKey: .init())
        let sequencer = try await Sequencer(store: LogStore(database: database), signer: signer, logger: logger)
        let group = ServiceGroup(services: [sequencer], logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { services in
            services.addTask { try await group.run() }
            let result = try await LoadMeasurement.run(count: entries, concurrency: concurrency) { number in
                _ = try await sequencer.append(entry(number))
            }
            await group.triggerGracefulShutdown()
            try await services.waitForAll()
            return result
        }
    }

    static func withScratchDatabase<Result: Sendable>(logger: Logger, _ body: @Sendable (Database) async throws -> Result) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chancery-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await Database.open(.embedded(in: directory), logger: logger)
        do {
            let result = try await body(database)
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    }
}
