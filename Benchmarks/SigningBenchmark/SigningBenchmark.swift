import Accounts
import AsyncHTTPClient
import BenchmarkSupport
import ChanceryServer
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Notary
import PDF
import PDFSigning
import Prometheus
import ServiceLifecycle
import Signing

/// Measures the signing path as clients see it, over HTTP on loopback to the complete server
/// (SQLite with `synchronous=FULL`, blobs on disk, the Notary notarizing each sealed PDF): for a
/// 10-page document with one recipient,
///
/// - create: `POST /signwell/api/v1/documents` with the PDF in base64 (intake, assembly with the
///   reserved audit page, storage);
/// - sign → complete: `POST /signwell/sign/{token}/complete` with a drawn signature, a text and
///   a date: the recipient's PAdES signature, the audit trail under the platform seal
///   (PAdES B-T with the in-process TSA), and the notarization;
///
/// with a number of signers working at once. The reference, measured in the same run by the
/// same clients against the same documents, is `GET /signwell/sign/{token}/document.pdf`: a
/// plain copy of the same PDF through the same server, from the blob store to the client.
///
///     swift run -c release SigningBenchmark [DOCUMENTS] [CONCURRENCY]     default 200 documents, 20 signers
@main
struct SigningBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let documents = arguments.first ?? 200
        let concurrency = arguments.dropFirst().first ?? 20
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
        let signing = try SigningCapability.open(
            database: platform.database, blobs: platform.blobs, accounts: platform.accounts, keysDirectory: configuration.keysDirectory,
            notary: NotaryNotarization(notary: notary), timeStamper: AuthorityTimeStamper(authority: notary.timeStampAuthority), logger: logger
        )
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = ChanceryApplication.application(
            configuration: configuration, platform: platform, notary: notary, signing: signing,
            metrics: PrometheusCollectorRegistry(), logger: logger
        ) { _, port in portContinuation.yield(port) }
        let server = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)
        let body = createBody(pdf: tenPagePDF())

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await server.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            let base = "http://127.0.0.1:\(port)"
            let client = HTTPClient(
                configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)))
            let links = LinkBox(count: documents)

            let create = try await LoadMeasurement.run(count: documents, concurrency: concurrency) { number in
                var request = HTTPClientRequest(url: "\(base)/signwell/api/v1/documents")
                request.method = .POST
                request.headers.add(name: "X-Api-Key", value: key)
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(bytes: body))
                let answer = try await send(request, client: client, expecting: 201)
                let document = try JSONSerialization.jsonObject(with: Data(answer.readableBytesView)) as? [String: Any]
                guard let url = (document?["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String,
                    let path = URLComponents(string: url)?.path
                else { throw BenchmarkFailure("no signing link in \(document ?? [:])") }
                await links.set(number, base + path)
            }
            let reference = try await LoadMeasurement.run(count: documents, concurrency: concurrency) { number in
                _ = try await send(HTTPClientRequest(url: await links.get(number) + "/document.pdf"), client: client, expecting: 200)
            }
            let sign = try await LoadMeasurement.run(count: documents, concurrency: concurrency) { number in
                let link = await links.get(number)
                let session = try await send(HTTPClientRequest(url: link + "/session"), client: client, expecting: 200)
                let fields =
                    (try JSONSerialization.jsonObject(with: Data(session.readableBytesView)) as? [String: Any])?["fields"] as? [[String: Any]] ?? []
                var values: [String: Any] = [:]
                for field in fields where field["type"] as? String == "text" { values[field["id"] as? String ?? ""] = "Benchmark Corp" }
                var request = HTTPClientRequest(url: link + "/complete")
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(
                    ByteBuffer(
                        bytes: try JSONSerialization.data(withJSONObject: [
                            "values": values, "signature": ["method": "drawn", "image": "data:image/png;base64," + signaturePNG],
                        ])))
                let outcome = try await send(request, client: client, expecting: 200)
                guard String(buffer: outcome).contains("completed") else { throw BenchmarkFailure("not completed: \(String(buffer: outcome))") }
            }
            try await client.shutdown()
            await server.triggerGracefulShutdown()
            try await tasks.waitForAll()

            print(
                "documents: \(documents) of 10 pages, one recipient each, \(concurrency) concurrent clients, HTTP/1.1 on loopback, SQLite WAL with synchronous=FULL"
            )
            print(
                String(
                    format: "reference, GET document.pdf (plain copy):  p50 %7.1f ms, p99 %7.1f ms, %8.0f /min", reference.p50 * 1000,
                    reference.p99 * 1000, reference.rate * 60))
            print(
                String(
                    format: "create (POST /documents):                 p50 %7.1f ms, p99 %7.1f ms, %8.0f /min", create.p50 * 1000, create.p99 * 1000,
                    create.rate * 60))
            print(
                String(
                    format: "sign → complete (seal, B-T, notarize):    p50 %7.1f ms, p99 %7.1f ms, %8.0f documents/min", sign.p50 * 1000,
                    sign.p99 * 1000, sign.rate * 60))
            print(String(format: "sealing / plain copy, p50:                %.1f ×", sign.p50 / reference.p50))
            print(String(format: "create → complete, documents/minute:      %.0f", 60 / (1 / create.rate + 1 / sign.rate)))
        }
    }

    /// A text PDF of ten Letter pages.
    static func tenPagePDF() -> [UInt8] {
        var document = PDFDocument()
        for number in 1...10 {
            var page = PDFPage(size: PDFSize(width: 612, height: 792))
            for line in 0..<40 {
                page.content.drawText(
                    "Page \(number), clause \(line + 1): the parties agree to the terms set out here.",
                    at: PDFPoint(x: 72, y: 740 - Double(line) * 16), font: .helvetica, size: 10)
            }
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// The create request: a signature, a text and a signing date on the last page.
    static func createBody(pdf: [UInt8]) -> [UInt8] {
        let body: [String: Any] = [
            "test_mode": true, "name": "Benchmark agreement",
            "files": [["name": "agreement.pdf", "file_base64": Data(pdf).base64EncodedString()]],
            "recipients": [["id": "1", "name": "Bench Signer", "email": "signer@example.com"]],
            "fields": [
                [
                    ["x": 96, "y": 900, "page": 10, "recipient_id": "1", "type": "signature"],
                    ["x": 96, "y": 960, "page": 10, "recipient_id": "1", "type": "text"],
                    ["x": 400, "y": 960, "page": 10, "recipient_id": "1", "type": "date", "lock_sign_date": true],
                ]
            ],
        ]
        return Array(try! JSONSerialization.data(withJSONObject: body))
    }

    /// A small drawn signature (a 2×2 dark PNG), base64.
    static let signaturePNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEElEQVR4nGNgYGD4D8UQBgAd9AP9yOH2qAAAAABJRU5ErkJggg=="

    /// Sends a request and returns the body, or throws unless the status is `status`.
    static func send(_ request: HTTPClientRequest, client: HTTPClient, expecting status: UInt) async throws -> ByteBuffer {
        let response = try await client.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 << 20)
        guard response.status.code == status else {
            throw BenchmarkFailure("\(request.method) \(request.url): \(response.status) \(String(buffer: body))")
        }
        return body
    }
}

/// The signing links of the created documents, by number.
actor LinkBox {
    private var links: [String]

    init(count: Int) { links = Array(repeating: "", count: count) }

    func set(_ number: Int, _ link: String) { links[number] = link }

    func get(_ number: Int) -> String { links[number] }
}

/// A failure of the benchmark itself.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
