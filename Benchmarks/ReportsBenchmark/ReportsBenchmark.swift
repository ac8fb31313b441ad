import Accounts
import AsyncHTTPClient
import BenchmarkSupport
import ChanceryServer
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import Notary
import Prometheus
import ServiceLifecycle

/// Measures the whole notarization path as clients see it: `POST /qed/v1/reports/` over HTTP
/// on loopback to the complete server (authentication, validation, the log sequencer, the
/// RFC 3161 token, the report row, one durable transaction per batch) on SQLite with
/// `synchronous=FULL`. Every answer is `confirmed`, so the request latency is the
/// report→confirmed latency.
///
/// The reference, measured in the same run against the same server by the same clients, is
/// `GET /.well-known/chancery/log.vkey`: a small constant answer through the same middleware,
/// the rate of HTTP alone on this machine.
///
///     swift run -c release ReportsBenchmark [REPORTS] [CONCURRENCY]
@main
struct ReportsBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let reports = arguments.first ?? 20_000
        let concurrency = arguments.dropFirst().first ?? 256
        var logger = Logger(label: "benchmark")
        logger.logLevel = .error

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
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = ChanceryApplication.application(
            configuration: configuration, platform: platform, notary: notary, metrics: PrometheusCollectorRegistry(), logger: logger
        ) { _, port in portContinuation.yield(port) }
        // The application's services close the database when the server shuts down.
        let server = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await server.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            let base = "http://127.0.0.1:\(port)"
            let client = HTTPClient(
                configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)))

            let reference = try await LoadMeasurement.run(count: reports, concurrency: concurrency) { _ in
                try await QEDReportRequest.send(HTTPClientRequest(url: "\(base)/.well-known/chancery/log.vkey"), client: client, expecting: 200)
            }
            let result = try await LoadMeasurement.run(count: reports, concurrency: concurrency) { number in
                try await QEDReportRequest.send(QEDReportRequest.make(number, base: base, key: key), client: client, expecting: 201)
            }
            try await client.shutdown()
            await server.triggerGracefulShutdown()
            try await tasks.waitForAll()

            print("reports: \(reports), concurrent clients: \(concurrency), HTTP/1.1 on loopback, SQLite WAL with synchronous=FULL")
            print(
                String(
                    format: "reference, GET log.vkey:               %.0f requests/s, p50 %.1f ms, p99 %.1f ms", reference.rate, reference.p50 * 1000,
                    reference.p99 * 1000))
            print(
                String(
                    format: "POST /qed/v1/reports/ → confirmed:     %.0f reports/s (%.2f × reference), p50 %.1f ms, p99 %.1f ms",
                    result.rate, result.rate / reference.rate, result.p50 * 1000, result.p99 * 1000))
            print(
                String(
                    format: "processor time per request (user + system, client and server): reference %.0f µs, report %.0f µs",
                    reference.processorTimePerCall * 1e6, result.processorTimePerCall * 1e6))
        }
    }
}
