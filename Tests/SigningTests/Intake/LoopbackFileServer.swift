import ChanceryTestSupport
import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A real HTTP server on a loopback port that serves what the download tests fetch.
///
/// - `/document.pdf`: ``IntakeSamples/pdf(pages:)`` with 2 pages.
/// - `/redirect?to=URL`: a 302 to `URL`; `/relative`: a 302 to `document.pdf`.
/// - `/loop`: a 302 to itself.
/// - `/large`: 2 MiB with its `Content-Length`.
/// - `/endless`: zeros without end, chunked, until the client goes away.
/// - `/slow`: one byte every 200 ms, for at most 20 s.
/// - `/picture.png`: a 4 × 4 red PNG.
/// - `/missing`: 404.
///
/// Every request's path is recorded in a ``RequestLog``.
enum LoopbackFileServer {
    /// The PDF at `/document.pdf`.
    static let document = IntakeSamples.pdf(pages: 2)

    /// The paths requested from a server, in order.
    final class RequestLog: Sendable {
        private let paths = Mutex<[String]>([])

        /// Records a request for `path`.
        func record(_ path: String) {
            paths.withLock { $0.append(path) }
        }

        /// The paths requested so far.
        var requested: [String] {
            paths.withLock { $0 }
        }
    }

    /// Runs `body` with the port of a running server and the log of its requests.
    static func with(_ body: @escaping @Sendable (_ port: Int, _ log: RequestLog) async throws -> Void) async throws {
        let log = RequestLog()
        let router = Router()
        router.middlewares.add(RequestLogging(log: log))
        router.get("document.pdf") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/pdf"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
        }
        router.get("redirect") { request, _ in
            Response.redirect(to: request.uri.queryParameters.get("to") ?? "/", type: .found)
        }
        router.get("relative") { _, _ in
            Response.redirect(to: "document.pdf", type: .found)
        }
        router.get("loop") { _, _ in
            Response.redirect(to: "/loop", type: .found)
        }
        router.get("large") { _, _ in
            Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(repeating: 0x25, count: 2 * 1024 * 1024)))
        }
        router.get("endless") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    let chunk = ByteBuffer(repeating: 0, count: 64 * 1024)
                    while true {
                        try await writer.write(chunk)
                    }
                })
        }
        router.get("slow") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<100 {
                        try await writer.write(ByteBuffer(bytes: [0x25]))
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("picture.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: redPNG)))
        }
        router.get("missing") { _, _ in
            Response(status: .notFound)
        }
        try await LoopbackServer.run(logger: Logger(label: "loopback.files")) { onServerRunning in
            Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), onServerRunning: onServerRunning)
        } _: { port in
            try await body(port, log)
        }
    }

    /// A 4 × 4 red PNG: 8-bit RGB, its rows in one stored (uncompressed) zlib block.
    static let redPNG: [UInt8] = {
        /// Four big-endian bytes.
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        }
        /// A chunk with its length and CRC-32.
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typeAndData = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typeAndData {
                crc ^= UInt32(byte)
                for _ in 0..<8 {
                    crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
                }
            }
            return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(~crc)
        }
        let rows = (0..<4).flatMap { _ in [0] + Array(repeating: [UInt8]([255, 0, 0]), count: 4).joined() }
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in rows {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let length = UInt16(rows.count)
        let zlib: [UInt8] =
            [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + rows + bigEndian(b << 16 | a)
        let header = bigEndian(4) + bigEndian(4) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }()
}

/// Records the path of every request in a ``LoopbackFileServer/RequestLog``.
struct RequestLogging<Context: RequestContext>: RouterMiddleware {
    let log: LoopbackFileServer.RequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        log.record(request.uri.path)
        return try await next(request, context)
    }
}
