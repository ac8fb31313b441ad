import Accounts
import ChanceryTestSupport
import Foundation
import SQLKit
import Storage

@testable import Telemetry

/// The real recording path over a fresh database and data directory: the measurement catalog,
/// the chunk files, and the ``TelemetryRecorder`` the capability builds from them.
struct RecordingFixture {
    let database: Database
    let accounts: AccountStore
    let measurements: MeasurementStore
    let data: TelemetryDataStore
    let recorder: TelemetryRecorder
    /// The data store's root directory.
    let directory: String

    /// Runs `body` with a fresh fixture on this run's engine.
    static func with(_ body: (RecordingFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate(
                [AccountsMigrations.all, TelemetryMigrations.all, TelemetryDataMigrations.all], logger: TestDatabase.logger
            )
            try await TemporaryDirectory.with { folder in
                let measurements = MeasurementStore(database: database)
                let data = TelemetryDataStore(database: database, directory: folder + "/telemetry")
                try await body(
                    RecordingFixture(
                        database: database, accounts: AccountStore(database: database, passwords: PasswordHasher(cost: 4)),
                        measurements: measurements, data: data, recorder: TelemetryRecorder(measurements: measurements, data: data),
                        directory: folder + "/telemetry"
                    ))
                await data.close()
            }
        }
    }

    /// Whether `measurement` has a directory of segment files.
    func hasFiles(_ measurement: UUID) -> Bool {
        FileManager.default.fileExists(atPath: TelemetryDataStore.directory(of: measurement, in: directory))
    }

    /// How many index rows name `measurement`, in the index tables.
    func indexRows(of measurement: UUID) async throws -> Int {
        try await database.withReadConnection { sql in
            var count = 0
            for table in ["telemetry_chunks", "telemetry_data_ids", "telemetry_chunk_spans"] {
                count += try await sql.select().column("measurement_uuid").from(table)
                    .where("measurement_uuid", .equal, measurement.uuidString.lowercased()).all().count
            }
            return count
        }
    }
}
