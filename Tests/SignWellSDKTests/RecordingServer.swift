import ChanceryTestSupport
import Foundation

/// A small real HTTP server (Python's `http.server`) that answers from a fixed list of routes
/// and records every request it gets, for tests of what the client sends and how it reads
/// answers the Chancery server never gives (rate limits, challenges, big files).
final class RecordingServer {
    /// An answer to requests with a method and a path.
    struct Route: Encodable {
        /// The request method, such as `GET`.
        let method: String
        /// The request path, without the query.
        let path: String
        /// The answer's status.
        var status = 200
        /// The answer's headers.
        var headers: [String: String] = [:]
        /// The answer's body, as text.
        var body = ""
        /// How many times the body is repeated, for big answers.
        var times = 1
    }

    /// A request as the server received it.
    struct Request: Decodable {
        /// The method.
        let method: String
        /// The path and query, as sent.
        let target: String
        /// The headers, with lower-case names.
        let headers: [String: String]
        /// The body, in Base64.
        let body: String

        /// The body, decoded.
        var bodyData: Data { Data(base64Encoded: body) ?? Data() }
    }

    /// The server's root URL, such as `http://127.0.0.1:41234`.
    let url: URL
    private let process: Process
    /// The server's standard input: it exits when this closes.
    private let input: Pipe
    private let directory: URL

    private static let script = #"""
        import base64, json, os, signal, sys, threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        # A child may inherit a blocked SIGTERM; and it ends anyway when its parent closes stdin.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()

        routes = json.load(open(sys.argv[1]))
        log_path = sys.argv[2]
        lock = threading.Lock()
        recorded = 0

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self):
                global recorded
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with lock:
                    with open(log_path, "a") as log:
                        log.write(json.dumps({
                            "method": self.command, "target": self.path,
                            "headers": {name.lower(): value for name, value in self.headers.items()},
                            "body": base64.b64encode(body).decode(),
                        }) + "\n")
                    recorded += 1
                    print("recorded %d" % recorded, flush=True)
                path = self.path.split("?")[0]
                route = next((r for r in routes if r["method"] == self.command and r["path"] == path), None)
                if route is None:
                    route = {"status": 404, "headers": {"Content-Type": "application/json"}, "times": 1,
                             "body": '{"message": "no route", "meta": {"error": "record_not_found", "message": "no route"}}'}
                data = route["body"].encode() * route["times"]
                self.send_response(route["status"])
                for name, value in route["headers"].items():
                    self.send_header(name, value)
                if route["status"] != 204:
                    self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if route["status"] != 204:
                    self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

            def log_message(self, *arguments):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print("listening on http://127.0.0.1:%d" % server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// What the server prints: where it listens, then `recorded N` after its N-th request.
    private let printed: PrintedOutput

    private init(url: URL, process: Process, input: Pipe, directory: URL, printed: PrintedOutput) {
        self.url = url
        self.process = process
        self.input = input
        self.directory = directory
        self.printed = printed
    }

    /// Starts a server with `routes`, runs `body`, and stops the server.
    static func with<Result>(_ routes: [Route], _ body: (RecordingServer) async throws -> Result) async throws -> Result {
        let server = try await start(routes)
        defer { server.stop() }
        return try await body(server)
    }

    private static func start(_ routes: [Route]) async throws -> RecordingServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signwell-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(script.utf8).write(to: directory.appendingPathComponent("server.py"))
        try JSONEncoder().encode(routes).write(to: directory.appendingPathComponent("routes.json"))
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("requests.jsonl").path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", directory.appendingPathComponent("server.py").path, directory.appendingPathComponent("routes.json").path,
            directory.appendingPathComponent("requests.jsonl").path,
        ]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let printed = PrintedOutput(reading: output.fileHandleForReading)
        if let line = try await printed.firstLine(of: process, timeout: .seconds(20), where: { $0.hasPrefix("listening on ") }),
            let url = URL(string: String(line.dropFirst("listening on ".count)))
        {
            return RecordingServer(url: url, process: process, input: input, directory: directory, printed: printed)
        }
        try? input.fileHandleForWriting.close()
        process.terminate()
        throw StartFailure(output: printed.text)
    }

    /// The server did not start.
    struct StartFailure: Error {
        let output: String
    }

    /// Every request received so far, in order.
    func requests() throws -> [Request] {
        let log = try String(contentsOf: directory.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        return try log.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Every request received, once there are at least `count`: the wait ends when the
    /// server says it recorded the `count`-th, or after `timeout` with what came by then.
    func requests(atLeast count: Int, timeout: Duration) async throws -> [Request] {
        _ = try await printed.firstLine(of: process, timeout: timeout) { $0 == "recorded \(count)" }
        return try requests()
    }

    private func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
