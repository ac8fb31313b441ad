import Accounts
import ChanceryServer
import Foundation
import Logging
import Notary
import Prometheus
import ServiceLifecycle
import Telemetry

/// Measures the realtime broker as devices and viewers see it: data points per second from an
/// upstream to a downstream through Chancery's iSCP v2 endpoint over WebSockets on loopback,
/// and the latency of each batch from its sending to its arrival, side by side with Debian's
/// `nats-server` carrying the same batches in the same run.
///
/// Points have 8-byte payloads and travel in batches (`StreamChunk`s), as the clients batch
/// them; at most WINDOW batches are in flight, as a reliable client bounds its unacknowledged
/// chunks. The server runs in process on SQLite; nothing is persisted (the broker path alone).
///
/// Then it holds CONNECTIONS device connections open at once and measures their ping→pong
/// latency (the Python client gives up on a connection after 1 s without a pong).
///
///     swift run -c release TelemetryBenchmark [POINTS] [POINTS-PER-BATCH] [WINDOW] [CONNECTIONS]
@main
struct TelemetryBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let points = arguments.first ?? 5_000_000
        let pointsPerChunk = arguments.dropFirst().first ?? 1_000
        let window = arguments.dropFirst(2).first ?? 32
        let connections = arguments.dropFirst(3).first ?? 1_000
        var logger = Logger(label: "benchmark")
        logger.logLevel = .error
        let workload = BrokerWorkload(chunks: max(1, points / pointsPerChunk), pointsPerChunk: pointsPerChunk, window: window)

        let (chancery, held) = try await measureChancery(workload, connections: connections, logger: logger)
        let nats = try await NATSBrokerRun.locate()?.run(BrokerWorkload(chunks: workload.chunks, pointsPerChunk: pointsPerChunk, window: window))

        print("\(workload.totalPoints) points of 8 bytes in batches of \(pointsPerChunk), at most \(window) batches in flight, one sender and one receiver on loopback")
        if let nats {
            print(String(format: "nats-server (reference):     %10.0f points/s, batch latency p50 %.2f ms, p99 %.2f ms", nats.pointsPerSecond, nats.p50 * 1000, nats.p99 * 1000))
        } else {
            print("nats-server (reference):     not installed (apt-get install nats-server)")
        }
        let ratio = nats.map { String(format: " (%.2f × reference)", chancery.pointsPerSecond / $0.pointsPerSecond) } ?? ""
        print(String(format: "Chancery iSCP v2 broker:     %10.0f points/s%@, batch latency p50 %.2f ms, p99 %.2f ms", chancery.pointsPerSecond, ratio, chancery.p50 * 1000, chancery.p99 * 1000))
        print(String(
            format: "%d device connections held: %d connected in %.2f s, ping→pong p50 %.2f ms, p99 %.2f ms while held, +%.1f MiB resident (clients and server)",
            connections, held.connected, held.connectSeconds, held.pingP50 * 1000, held.pingP99 * 1000, Double(held.memoryGrowth) / 1_048_576
        ))
    }

    /// Starts the whole server in process, runs `workload` through its iSCP v2 endpoint with an
    /// administrator's API key as the token, holds `connections` connections, and stops the
    /// server.
    static func measureChancery(
        _ workload: BrokerWorkload, connections: Int, logger: Logger
    ) async throws -> (BrokerMeasurement, HeldConnectionsRun.Result) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chancery-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = ServerConfiguration(dataDirectory: directory, port: 0)
        let platform = try await Platform.open(
            dataDirectory: directory, database: configuration.database, blobs: configuration.blobs, logger: logger
        )
        _ = try await platform.accounts.bootstrapAdministrator(password: UUID().uuidString)
        let key = try await platform.accounts.createAPIKey(userName: AccountStore.administratorName, label: "benchmark").secret
        let notary = try await NotaryCapability.open(
            database: platform.database, accounts: platform.accounts, keysDirectory: configuration.keysDirectory,
            origin: configuration.logOrigin, logger: logger
        )
        let telemetry = try TelemetryCapability.open(
            database: platform.database, accounts: platform.accounts, dataDirectory: directory,
            keysDirectory: configuration.keysDirectory, publicBaseURL: nil, logger: logger
        )
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = ChanceryApplication.application(
            configuration: configuration, platform: platform, notary: notary, telemetry: telemetry,
            metrics: PrometheusCollectorRegistry(), logger: logger
        ) { _, port in portContinuation.yield(port) }
        // The application's services close the database when the server shuts down.
        let server = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await server.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw BenchmarkError("the server did not start") }
            let url = "ws://127.0.0.1:\(port)/intdash/api/iscp/connect?enc=proto"
            let measurement = try await ISCP2BrokerRun(url: url, token: key, logger: logger).run(workload)
            let held = try await HeldConnectionsRun(url: url, token: key, logger: logger).run(count: connections, pings: 3)
            await server.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return (measurement, held)
        }
    }
}
