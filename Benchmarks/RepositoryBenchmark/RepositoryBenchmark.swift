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
import Repository
import SQLKit
import ServiceLifecycle
import Storage

/// Measures the Repository as Nuxeo clients see it: the whole server in process (SQLite with
/// WAL and `synchronous=FULL`, or the PostgreSQL database `--database` names; the file blob
/// store) and its Nuxeo REST API over HTTP/1.1 on
/// loopback, every request authenticated with an `X-Api-Key`. Each figure is printed next to
/// a reference measured in the same run on the same machine:
///
/// 1. Document creation (`POST /nuxeo/api/v1/path/{folder}` with a `File` entity) at several
///    concurrencies, against `GET /nuxeo/api/v1/me` (the same authentication middleware and
///    a trivial answer) at the same concurrencies.
/// 2. Blob throughput: a batch upload (`POST upload/{batch}/0`, body streamed from a file),
///    attaching it to a document, and `GET …/@blob/file:content` into a file, against a
///    plain streamed copy of the same bytes on the same disk (both fsynced).
/// 3. Resident memory while a 2 GiB body streams through the batch upload (and back out).
/// 4. Listings and queries at each corpus size (`@children` first page, NXQL on
///    `ecm:parentId`, NXQL on `ecm:primaryType` + `dc:title`) for the administrator and for a
///    plain member, whose queries carry the SQL read-ACL filter; p50/p99 against the latency
///    of `GET /nuxeo/api/v1/me`. The corpus is seeded straight into the tables
///    (``CorpusSeeder``), not through the API.
///
///     swift run -c release RepositoryBenchmark [DOCUMENTS[,DOCUMENTS…]] [options]
///     swift run -c release RepositoryBenchmark 100000,1000000
@main
struct RepositoryBenchmark {
    static func main() async {
        do {
            try await run()
        } catch {
            FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() async throws {
        let options: Options
        do {
            options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(2)
        }
        var logger = Logger(label: "benchmark")
        logger.logLevel = options.traceSQL ? .trace : .error

        let root = options.root ?? FileManager.default.temporaryDirectory.path
        let directory = URL(fileURLWithPath: root).appendingPathComponent("chancery-repository-bench-\(UUID().uuidString)").path
        defer {
            if options.keep {
                progress("data kept in \(directory)")
            } else {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        let largeBytes = Int64(options.largeMiB) << 20
        // The default body limit is 1 GiB; the memory measurement sends more in one request.
        let configuration = ServerConfiguration(
            dataDirectory: directory, port: 0, database: try options.database.map(DatabaseLocation.init(parsing:)),
            maxBodyBytes: max(1 << 30, largeBytes + (1 << 30))
        )
        let platform = try await Platform.open(
            dataDirectory: directory, database: configuration.database, blobs: configuration.blobs, logger: logger
        )
        _ = try await platform.accounts.bootstrapAdministrator(password: UUID().uuidString)
        let adminKey = try await platform.accounts.createAPIKey(userName: AccountStore.administratorName, label: "benchmark").secret
        try await platform.accounts.createUser(name: "bench-member", password: UUID().uuidString)
        let memberKey = try await platform.accounts.createAPIKey(userName: "bench-member", label: "benchmark").secret
        let notary = try await NotaryCapability.open(
            database: platform.database, accounts: platform.accounts, keysDirectory: configuration.keysDirectory,
            origin: configuration.logOrigin, logger: logger
        )
        let repository = try await RepositoryCapability.open(
            database: platform.database, blobs: platform.blobs, accounts: platform.accounts,
            keysDirectory: configuration.keysDirectory, logger: logger
        )
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = ChanceryApplication.application(
            configuration: configuration, platform: platform, notary: notary, repository: repository,
            metrics: PrometheusCollectorRegistry(), logger: logger
        ) { _, port in portContinuation.yield(port) }
        // The application's services close the database when the server shuts down.
        let server = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await server.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            let connections = max(64, options.clients.max() ?? 1)
            let http = HTTPClient(
                configuration: .init(connectionPool: .init(idleTimeout: .seconds(120), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)))
            let run = BenchmarkRun(
                options: options, client: NuxeoClient(http: http, base: "http://127.0.0.1:\(port)"), adminKey: adminKey,
                memberKey: memberKey, platform: platform, repository: repository.repository, directory: directory
            )
            do {
                try await run.all()
            } catch {
                try? await http.shutdown()
                await server.triggerGracefulShutdown()
                throw error
            }
            try await http.shutdown()
            await server.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}
