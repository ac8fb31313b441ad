import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Storage

/// `GET /health`: whether this instance can serve, for load balancers and operators.
///
/// It needs no credentials and reveals no details: each check is `ok` or `failing`, with the
/// reason in the server log. The status is 200 when every check passes and 503 otherwise.
///
/// ```json
/// {"status": "ok", "checks": {"database": "ok", "blobs": "ok"}}
/// ```
public struct HealthRoutes: Sendable {
    private let database: Database
    private let blobs: any BlobStore

    /// Creates the routes over the resources they check.
    public init(database: Database, blobs: any BlobStore) {
        self.database = database
        self.blobs = blobs
    }

    /// Adds `GET /health` to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get("health") { _, context in
            async let databaseHealthy = Self.passes("database", logger: context.logger) { try await database.checkHealth() }
            async let blobsHealthy = Self.passes("blobs", logger: context.logger) { try await blobs.checkHealth() }
            let checks = ["database": await databaseHealthy, "blobs": await blobsHealthy]
            let healthy = checks.values.allSatisfy { $0 }
            let report = Report(status: healthy ? "ok" : "unavailable", checks: checks.mapValues { $0 ? "ok" : "failing" })
            return EditedResponse(status: healthy ? .ok : .serviceUnavailable, response: report)
        }
    }

    private static func passes(_ name: String, logger: Logger, _ check: @Sendable () async throws -> Void) async -> Bool {
        do {
            try await check()
            return true
        } catch {
            logger.error("health check failed", metadata: ["check": "\(name)", "error": "\(error)"])
            return false
        }
    }

    private struct Report: ResponseEncodable {
        let status: String
        let checks: [String: String]
    }
}
