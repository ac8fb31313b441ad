import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The `chancery` executable running `serve` as a child process, for tests that treat the
/// server as a black box.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `output` is only touched under `lock`; the other stored properties are
    // set once in `start` before any other thread can see the instance.

    /// The base URL the server announced, such as `http://127.0.0.1:43123`.
    public private(set) var baseURL: URL
    private let process: Process
    private let lock = NSLock()
    private var output = ""

    private init(process: Process, baseURL: URL) {
        self.process = process
        self.baseURL = baseURL
    }

    /// The built `chancery` binary: `$CHANCERY_BIN`, or the one next to the test bundle.
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["CHANCERY_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("chancery")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("chancery")
    }

    /// Everything the server printed so far, standard output and error interleaved.
    public var printed: String { lock.withLock { output } }

    /// Starts `chancery serve --port 0` with `arguments` and waits for its `listening on` line.
    public static func start(arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CHANCERY_") }
        merged.merge(environment) { $1 }
        process.environment = merged
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let server = ServerProcess(process: process, baseURL: URL(string: "http://invalid")!)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else { handle.readabilityHandler = nil; return }
            server.lock.withLock { server.output += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let url = server.announcedURL() {
                server.baseURL = url
                return server
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw StartFailure(output: server.printed)
    }

    /// The server did not announce itself.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What the process printed.
        public let output: String
        public var description: String { "chancery serve did not print 'listening on':\n\(output)" }
    }

    private func announcedURL() -> URL? {
        guard let line = printed.split(separator: "\n").first(where: { $0.contains("listening on http://") }),
              let start = line.range(of: "http://")
        else { return nil }
        return URL(string: String(line[start.lowerBound...]).trimmingCharacters(in: .whitespaces))
    }

    /// Sends SIGTERM and waits for the process to exit; returns its exit status.
    public func terminate(timeout: Duration = .seconds(20)) async throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw StartFailure(output: "did not stop within \(timeout) after SIGTERM:\n\(printed)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }

    /// Performs a request against the server and returns the status and body.
    ///
    /// It uses AsyncHTTPClient rather than URLSession: on Linux, URLSession never completes
    /// a request answered with 401 and a `WWW-Authenticate` challenge.
    public func request(_ path: String, method: String = "GET", headers: [String: String] = [:]) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: baseURL.appendingPathComponent(path).absoluteString)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return (Int(response.status.code), Data(body.readableBytesView))
    }
}
