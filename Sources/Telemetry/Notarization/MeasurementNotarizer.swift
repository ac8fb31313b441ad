import Crypto
import Foundation
import ISCP
import Logging
import NotaryProof
import SQLKit
import ServiceLifecycle
import Storage

/// The background service that notarizes the measurements queued in
/// ``MeasurementNotarizations``: it reads each measurement's points in time order as its NDJSON
/// export writes them (``MeasurementExport``, one line each, `\n` after every line), hashes
/// those bytes with SHA-256 and records the digest with the Notary as a report of the edge's
/// owner (of the edge's own user when it has no owner), named after the measurement and the
/// file `{uuid}.ndjson`. Anyone who downloads the export then finds its SHA-256 in the report.
///
/// A measurement deleted meanwhile is dropped from the queue; a failed attempt is retried with
/// the queue's backoff for a day. Run one value in a `ServiceGroup` with the server; it stops
/// on graceful shutdown.
public struct MeasurementNotarizer: Service {
    private let worker: OutboxWorker<MeasurementNotarizations.Job>

    /// The retries and polling of the queue: an attempt reads a whole measurement, so it is
    /// claimed for half an hour, and retried for a day.
    static let policy = OutboxPolicy(
        firstRetryDelay: .seconds(30), maximumRetryDelay: .seconds(3600), retryPeriod: .seconds(24 * 3600), concurrentAttempts: 1,
        lease: .seconds(1800), pollInterval: .seconds(5)
    )

    /// Creates the service that notarizes with `notary` the queued measurements of
    /// `measurements`, whose points `data` holds.
    public init(
        notarizations: MeasurementNotarizations, notary: any Notarizing, measurements: MeasurementStore, data: TelemetryDataStore, logger: Logger
    ) {
        worker = OutboxWorker(
            outbox: notarizations.outbox, policy: Self.policy, subject: "measurement notarization", logger: logger,
            describe: { ["measurement": "\($0.payload.id)"] }
        ) { job in
            do {
                guard let uuid = UUID(uuidString: job.payload.id) else { return .drop }
                let measurement = try await measurements.measurement(uuid: job.payload.id)
                var hash = SHA256()
                var count = 0
                for try await point in try await MeasurementExport.points(of: uuid, measurements: measurements, data: data) {
                    hash.update(data: Array(point.ndjsonLine.utf8) + [0x0A])
                    count += 1
                }
                let sha256 = hash.finalize().hex
                let receipt = try await notary.notarize(
                    sha256: sha256, name: measurement.name.isEmpty ? "Measurement \(measurement.uuid)" : measurement.name,
                    fileName: "\(measurement.uuid).ndjson", ownerID: try await Self.owner(ofEdge: measurement.edgeUUID, in: notarizations.database))
                return .done(setting: [
                    "report_id": SQLBind(receipt.reportID), "sha256": SQLBind(sha256), "point_count": SQLBind(count),
                    "verify_path": SQLBind(receipt.verifyPath),
                ])
            } catch CatalogError.measurementNotFound {
                return .drop
            } catch {
                return .failed(reason: "\(error)")
            }
        }
    }

    /// Tells the service that a measurement may have been queued, so that it looks now.
    public func wake() {
        worker.wake()
    }

    /// Notarizes until graceful shutdown or cancellation.
    public func run() async throws {
        try await worker.run()
    }

    /// The user a measurement's report belongs to: the edge's owner, else the edge's own user.
    private static func owner(ofEdge edgeUUID: String, in database: Database) async throws -> String {
        try await database.withReadConnection { sql in
            guard let row = try await sql.select().columns("owner_user_id", "user_id").from("telemetry_edges").where("uuid", .equal, edgeUUID).first()
            else { throw CatalogError.edgeNotFound(edgeUUID) }
            return try row.decode(column: "owner_user_id", as: String?.self) ?? row.decode(column: "user_id", as: String.self)
        }
    }
}
