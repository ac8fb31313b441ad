import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The `chancery` executable running `serve` as a child process, for tests that treat the
/// server as a black box.
///
/// Each running server holds one of the ``TestSlots/servers``, given back when it is terminated
/// (or, if a test never terminates it, when it is released and killed).
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `holdsSlot` is only touched under `lock`; `baseURL` and `output` are set
    // once in `start` before any other thread can see the instance.

    /// The base URL the server announced, such as `http://127.0.0.1:43123`.
    public private(set) var baseURL: URL
    private let process: Process
    private let lock = NSLock()
    /// What the server printed. Its reading thread holds it and not the server, so that a
    /// server a test drops is deinitialized.
    private var output: PrintedOutput?
    private var holdsSlot = true
    /// Changed when the process exits.
    private let exits = StateChanges()

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
    public var printed: String { output?.text ?? "" }
    /// Whether the server process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The test's environment less its `CHANCERY_*` variables, plus `extra`: what every
    /// `chancery` run by a test sees.
    public static func environment(adding extra: [String: String] = [:]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CHANCERY_") }
        merged.merge(extra) { $1 }
        return merged
    }

    /// Runs a `chancery` command (not `serve`) to its end, with ``environment(adding:)``.
    public static func command(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Subprocess.Result {
        try await Subprocess.run(executable, arguments, environment: environment(adding: extra))
    }

    /// Runs a `chancery` command that must succeed and returns its standard output, trimmed.
    ///
    /// - Throws: ``CommandFailure`` when it exits with another status than 0.
    public static func commandOutput(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> String {
        let result = try await command(arguments, environment: extra)
        guard result.status == 0 else {
            throw CommandFailure(description: "chancery \(arguments.joined(separator: " ")) exited with \(result.status): \(result.errorsText)")
        }
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A `chancery` command that should have succeeded failed.
    public struct CommandFailure: Error, CustomStringConvertible {
        /// The command, its exit status and what it printed on standard error.
        public let description: String
    }

    /// Starts `chancery serve --port 0` with `arguments` and waits for its `listening on` line.
    ///
    /// The output is read by a thread of its own rather than a dispatch source, so that it
    /// is collected even while the test process's threads are all busy.
    public static func start(
        arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(120)
    ) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        process.environment = Self.environment(adding: environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        await TestSlots.servers.acquire()
        let server = ServerProcess(process: process, baseURL: URL(string: "http://invalid")!)
        process.terminationHandler = { [exits = server.exits] _ in exits.changed() }
        do {
            try process.run()
        } catch {
            await server.releaseSlot()
            throw error
        }
        let output = PrintedOutput(reading: pipe.fileHandleForReading)
        server.output = output
        let started = ContinuousClock.now
        if let line = try await output.firstLine(of: process, timeout: timeout, where: { $0.contains("listening on http://") }),
            let start = line.range(of: "http://"),
            let url = URL(string: String(line[start.lowerBound...]).trimmingCharacters(in: .whitespaces))
        {
            server.baseURL = url
            return server
        }
        let state = process.isRunning ? "still running" : "exited with status \(process.terminationStatus)"
        process.terminate()
        await server.releaseSlot()
        throw StartFailure(
            description: """
                chancery serve did not print 'listening on' in \(ContinuousClock.now - started) and is \(state); it last printed: \(output.lastLines(4))
                \(output.text)
                """)
    }

    /// The server did not announce itself, or did not stop when told to.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong and what the process printed. The first line alone says it, as
        /// test summaries show only that line.
        public let description: String
    }

    /// Sends SIGTERM and waits for the process to exit; returns its exit status.
    public func terminate(timeout: Duration = .seconds(20)) async throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        guard await exits.wait(timeout: timeout, until: { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            await releaseSlot()
            throw StartFailure(description: "chancery serve did not stop within \(timeout) after SIGTERM:\n\(printed)")
        }
        await releaseSlot()
        return process.terminationStatus
    }

    /// Gives the server's slot back, once.
    private func releaseSlot() async {
        let held = lock.withLock { () -> Bool in
            defer { holdsSlot = false }
            return holdsSlot
        }
        if held { await TestSlots.servers.release() }
    }

    deinit {
        guard holdsSlot else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        Task { await TestSlots.servers.release() }
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
