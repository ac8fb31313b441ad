import Accounts
import BenchmarkSupport
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
/// them: by default 12,501 points, the chunk the official Python client's default flush
/// policy makes of a device sending as fast as it can (``BrokerBatch/clientFlushPoints``). At
/// most WINDOW batches are in flight, as a reliable client bounds its unacknowledged chunks.
/// The server runs in process on SQLite; nothing is persisted (the broker path alone).
/// Both brokers carry the same workloads (``BrokerSeries``): as fast as they take them, in
/// ROUNDS rounds taken in turns (``BrokerRounds``), at RATE points/s offered, and one batch at
/// a time.
///
/// The first workload then runs with `persist`: a batch counts once the server acknowledged
/// it, after it is durable and indexed; the broker alone is the reference for that line.
///
/// Then it holds CONNECTIONS device connections open at once and measures their ping→pong
/// latency (the Python client gives up on a connection after 1 s without a pong).
///
/// Last, it stores STORED-POINTS points in one measurement, in chunks of STORED-CHUNK points
/// (40,000 by default), and reads them back whole: the segment files raw (the reference),
/// through the store's cursor, and through `GET /v1/data` as protobuf and as JSON lines, and
/// as JSON lines to curl when it is installed (``StoredQueryRun``).
///
///     swift run -c release TelemetryBenchmark [POINTS] [POINTS-PER-BATCH] [WINDOW] [CONNECTIONS] [STORED-POINTS] [RATE] [ROUNDS] [STORED-CHUNK]
@main
struct TelemetryBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let points = arguments.first ?? 20_000_000
        let pointsPerChunk = arguments.dropFirst().first ?? BrokerBatch.clientFlushPoints
        let window = arguments.dropFirst(2).first ?? 32
        let connections = arguments.dropFirst(3).first ?? 1_000
        let storedPoints = arguments.dropFirst(4).first ?? 100_000_000
        let rate = arguments.dropFirst(5).first ?? 1_000_000
        let roundCount = max(1, arguments.dropFirst(6).first ?? 5)
        let storedChunk = max(1, arguments.dropFirst(7).first ?? StoredQueryRun.defaultPointsPerChunk)
        var logger = Logger(label: "benchmark")
        logger.logLevel = .error
        guard let nats = NATSBrokerRun.locate() else {
            throw BenchmarkError("nats-server, the reference, is not installed (apt-get install nats-server)")
        }
        try BrokerBatch.checkAgainstGeneratedCode(pointsPerChunk: pointsPerChunk)
        let series = BrokerSeries(chunks: max(1, points / pointsPerChunk), pointsPerChunk: pointsPerChunk, window: window, rate: Double(rate))

        let (rounds, chancery, persisted, held, stored) = try await measureChancery(
            series, alongside: nats, rounds: roundCount, connections: connections, storedPoints: storedPoints,
            storedChunk: storedChunk, logger: logger
        )
        let reference = try await series.measureLatencies(with: nats.run)

        print(
            "\(series.saturated.totalPoints) points of 8 bytes in batches of \(pointsPerChunk), at most \(window) batches in flight, one sender and one receiver on loopback, \(roundCount) rounds (order swapped every round):"
        )
        for (index, round) in rounds.rounds.enumerated() {
            print(
                String(
                    format:
                        "  round %d: nats-server (reference) %10.0f points/s, p50 %.2f ms, p99 %.2f ms; Chancery iSCP v2 broker %10.0f points/s, p50 %.2f ms, p99 %.2f ms; %.2f × reference",
                    index + 1, round.reference.pointsPerSecond, round.reference.p50 * 1000, round.reference.p99 * 1000,
                    round.measured.pointsPerSecond, round.measured.p50 * 1000, round.measured.p99 * 1000, round.ratio
                ))
        }
        let ratios = rounds.rounds.map(\.ratio)
        print(
            String(
                format: "Chancery iSCP v2 broker: median %.2f × reference over %d rounds (%.2f–%.2f), ahead in %d of them",
                rounds.medianRatio, ratios.count, ratios.min() ?? 0, ratios.max() ?? 0, ratios.filter { $0 > 1 }.count
            ))
        print("\(series.fixedRate.totalPoints) points offered at \(rate) points/s (latency from when each batch was due):")
        for (name, measured) in [("nats-server (reference):", reference.fixedRate), ("Chancery iSCP v2 broker:", chancery.fixedRate)] {
            print(
                String(
                    format: "%@     %10.0f points/s carried, batch latency p50 %.2f ms, p99 %.2f ms", name, measured.pointsPerSecond,
                    measured.p50 * 1000, measured.p99 * 1000))
        }
        print("\(series.oneAtATime.chunks) batches one at a time:")
        for (name, measured) in [("nats-server (reference):", reference.oneAtATime), ("Chancery iSCP v2 broker:", chancery.oneAtATime)] {
            print(String(format: "%@     batch latency p50 %.2f ms, p99 %.2f ms", name, measured.p50 * 1000, measured.p99 * 1000))
        }
        print(
            String(
                format:
                    "Chancery, persisted:         %10.0f points/s (%.2f × the broker alone, its median) acknowledged durable, ack latency p50 %.2f ms, p99 %.2f ms",
                persisted.pointsPerSecond, persisted.pointsPerSecond / rounds.medianPointsPerSecond, persisted.p50 * 1000, persisted.p99 * 1000
            ))
        print(
            String(
                format:
                    "%d device connections held: %d connected in %.2f s, ping→pong p50 %.2f ms, p99 %.2f ms while held, +%.1f MiB resident (clients and server)",
                connections, held.connected, held.connectSeconds, held.pingP50 * 1000, held.pingP99 * 1000, Double(held.memoryGrowth) / 1_048_576
            ))
        report(stored)
    }

    /// Prints what ``StoredQueryRun`` measured.
    static func report(_ stored: StoredQueryRun.Result) {
        let points = Double(stored.points)
        let raw = points / stored.rawSeconds
        print(
            String(
                format: "%d points stored in one measurement in chunks of %d at %.0f points/s (%.1f MiB of segment files); read back whole:",
                stored.points, stored.pointsPerChunk, stored.fillPointsPerSecond, Double(stored.fileBytes) / 1_048_576
            ))
        print(
            String(
                format: "  segment files read raw (reference): %12.0f points/s (%.0f MiB/s)", raw,
                Double(stored.fileBytes) / 1_048_576 / stored.rawSeconds))
        print(
            String(
                format: "  the store's point cursor:           %12.0f points/s (%.3f × reference)", points / stored.cursorSeconds,
                points / stored.cursorSeconds / raw))
        print(
            String(
                format: "  GET /v1/data, protobuf over HTTP:   %12.0f points/s (%.3f × reference), %.1f MiB, %.0f ns of processor time a point",
                points / stored.httpSeconds, points / stored.httpSeconds / raw, Double(stored.httpBytes) / 1_048_576,
                stored.httpProcessorSeconds / points * 1e9
            ))
        print(
            String(
                format: "  GET /v1/data, JSON lines over HTTP: %12.0f points/s (%.3f × reference), %.1f MiB, %.0f ns of processor time a point",
                points / stored.jsonLinesSeconds, points / stored.jsonLinesSeconds / raw, Double(stored.jsonLinesBytes) / 1_048_576,
                stored.jsonLinesProcessorSeconds / points * 1e9
            ))
        if let curlSeconds = stored.curlJSONLinesSeconds {
            print(
                String(
                    format: "  GET /v1/data, JSON lines to curl:   %12.0f points/s (%.3f × reference), curl in a process of its own",
                    points / curlSeconds, points / curlSeconds / raw
                ))
        } else {
            print("  GET /v1/data, JSON lines to curl:   skipped, curl is not installed")
        }
        print(
            String(
                format: "  a hundredth of the time (%d points): %.1f ms, %.4f × the whole query's time",
                stored.rangePoints, stored.rangeSeconds * 1000, stored.rangeSeconds / stored.httpSeconds
            ))
        print(
            String(
                format: "  a thousandth from nine tenths in (%d points): %.2f ms, %.5f × the whole query's time",
                stored.lateWindowPoints, stored.lateWindowSeconds * 1000, stored.lateWindowSeconds / stored.httpSeconds
            ))
    }

    /// Starts the whole server in process, runs `series` through its iSCP v2 endpoint with an
    /// administrator's API key as the token (its saturated workload in `rounds` rounds, in turns
    /// with `nats`), its saturated workload again persisted, holds `connections` connections,
    /// stores `storedPoints` points in chunks of `storedChunk` and queries them, and stops the
    /// server.
    static func measureChancery(
        _ series: BrokerSeries, alongside nats: NATSBrokerRun, rounds: Int, connections: Int, storedPoints: Int, storedChunk: Int,
        logger: Logger
    ) async throws -> (BrokerRounds, BrokerSeries.Latencies, BrokerMeasurement, HeldConnectionsRun.Result, StoredQueryRun.Result) {
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
            let broker = ISCP2BrokerRun(url: url, token: key)
            let rounds = try await BrokerRounds(series.saturated, count: rounds, measured: broker.run, reference: nats.run)
            let latencies = try await series.measureLatencies(with: broker.run)
            let persisted = try await broker.runPersisted(series.persisted)
            let held = try await HeldConnectionsRun(url: url, token: key).run(count: connections, pings: 3)
            let stored = try await StoredQueryRun(
                telemetry: telemetry, baseURL: "http://127.0.0.1:\(port)", token: key, pointsPerChunk: storedChunk
            ).run(points: storedPoints)
            await server.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return (rounds, latencies, persisted, held, stored)
        }
    }
}
