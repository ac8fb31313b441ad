import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore

/// Measures a running deployment as its clients see it, through its public URL: one instance,
/// or several behind a load balancer (`scripts/benchmark-deployment` starts both with
/// `scripts/cluster` and runs this against each).
///
/// For each number of concurrent clients it measures, with the same clients in the same run:
/// the reference `GET /.well-known/chancery/log.vkey` (HTTP through the load balancer alone),
/// `POST /qed/v1/reports/` until `confirmed`, Nuxeo document creation
/// (`POST /nuxeo/api/v1/path/…` of a File in a folder of its own), and telemetry points stored
/// through the iSCP v2 WebSocket endpoint (``PersistedPointsLoad``): there a client is one
/// device connection, with the API key as its access token and an upstream that persists, and
/// a request is one chunk of 100 points, counted once the server acknowledged it. Its × ref
/// compares chunks per second with the reference's requests per second.
///
///     swift run -c release DeploymentBenchmark URL API-KEY [REQUESTS] [CLIENTS[,CLIENTS…]]
@main
struct DeploymentBenchmark {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            throw BenchmarkError("usage: DeploymentBenchmark URL API-KEY [REQUESTS] [CLIENTS[,CLIENTS…]]")
        }
        let base = arguments[0].hasSuffix("/") ? String(arguments[0].dropLast()) : arguments[0]
        let key = arguments[1]
        let requests = arguments.count > 2 ? Int(arguments[2]) ?? 2_000 : 2_000
        let levels = arguments.count > 3 ? arguments[3].split(separator: ",").compactMap { Int($0) } : [16, 64]
        let http = HTTPClient(
            configuration: .init(
                connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: levels.max() ?? 64)
            ))
        let nuxeo = NuxeoClient(http: http, base: base)
        let folder = "/default-domain/workspaces/deployment-benchmark-\(UUID().uuidString.lowercased().prefix(8))"
        try await nuxeo.createDocument(
            type: "Folder", name: String(folder.split(separator: "/").last!), properties: ["dc:title": "Benchmark"], in: "/default-domain/workspaces",
            key: key)
        // Every report of the run has a hash of its own, whichever deployment it goes to.
        let firstReport = Int.random(in: 0..<(1 << 48))
        // The devices' WebSocket client speaks ws:// alone.
        guard base.hasPrefix("http://") else { throw BenchmarkError("not an http:// URL: \(base)") }
        let endpoint = "ws://\(base.dropFirst("http://".count))/intdash/api/iscp/connect?enc=proto"
        let points = PersistedPointsLoad(endpoint: ISCP2BrokerRun(url: endpoint, token: key))

        print("\(base): \(requests) requests per measurement")
        print("clients | reference req/s | reports/s (× ref, p50, p99) | documents/s (× ref, p50, p99) | points/s (× ref, p50, p99)")
        for (level, clients) in levels.enumerated() {
            let reference = try await LoadMeasurement.run(count: requests, concurrency: clients) { _ in
                try await QEDReportRequest.send(HTTPClientRequest(url: "\(base)/.well-known/chancery/log.vkey"), client: http, expecting: 200)
            }
            let reports = try await LoadMeasurement.run(count: requests, concurrency: clients) { number in
                let request = QEDReportRequest.make(firstReport + level * requests + number, base: base, key: key)
                try await QEDReportRequest.send(request, client: http, expecting: 201)
            }
            let documents = try await LoadMeasurement.run(count: requests, concurrency: clients) { number in
                try await nuxeo.createDocument(
                    type: "File", name: "d\(level)-\(number)", properties: ["dc:title": "Document \(number)"], in: folder, key: key)
            }
            let stored = try await points.measure(chunks: requests, clients: clients)
            let chunksPerSecond = stored.pointsPerSecond / Double(PersistedPointsLoad.pointsPerChunk)
            print(
                String(
                    format: "%7d | %15.0f | %.0f (%.2f, %.1f ms, %.1f ms) | %.0f (%.2f, %.1f ms, %.1f ms) | %.0f (%.2f, %.1f ms, %.1f ms)",
                    clients, reference.rate,
                    reports.rate, reports.rate / reference.rate, reports.p50 * 1000, reports.p99 * 1000,
                    documents.rate, documents.rate / reference.rate, documents.p50 * 1000, documents.p99 * 1000,
                    stored.pointsPerSecond, chunksPerSecond / reference.rate, stored.p50 * 1000, stored.p99 * 1000
                ))
        }
        try await http.shutdown()
    }
}
