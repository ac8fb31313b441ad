import Foundation
import Storage

/// Debian's `nats-server` running as a child process on loopback, for tests of the NATS
/// client and of what travels over it. Each test starts its own and stops it.
///
/// ```swift
/// let server = try await TestNATSServer.start()
/// let client = try await NATSClient.connect(
///     to: [server.address], name: "test", answerTimeout: LoopbackDeadline.answer, logger: logger)
/// …
/// await server.stop()
/// ```
public final class TestNATSServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    private let process: Process
    private let output: PrintedOutput
    /// Finishes when the process has exited.
    private let exit: AsyncStream<Void>
    /// The configuration file written for the server, removed when it stops.
    private let configurationFile: URL?

    private init(port: Int, process: Process, output: PrintedOutput, exit: AsyncStream<Void>, configurationFile: URL?) {
        self.port = port
        self.process = process
        self.output = output
        self.exit = exit
        self.configurationFile = configurationFile
    }

    /// The `nats-server` program, or `nil` when it is not installed (`scripts/test`
    /// installs it).
    public static var executable: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin"]
        return directories.map { $0 + "/nats-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the tests that need a NATS server can run.
    public static var isInstalled: Bool { executable != nil }

    /// The server's address, without credentials.
    public var address: NATSServerAddress { NATSServerAddress(host: "127.0.0.1", port: port) }

    /// Starts a server on `port` (a free one when `nil`) with `arguments` added, such as
    /// `["--user", "u", "--pass", "p"]`, and `configuration` as its configuration file when
    /// given (for settings that have no flag, such as `max_payload: 1024`), and waits until
    /// it accepts clients.
    public static func start(port: Int? = nil, arguments: [String] = [], configuration: String? = nil) async throws -> TestNATSServer {
        guard let executable else { throw Failure(description: "nats-server is not installed") }
        var configurationFile: URL?
        if let configuration {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("nats-\(UUID().uuidString).conf")
            try configuration.write(to: file, atomically: true, encoding: .utf8)
            configurationFile = file
        }
        let configurationArguments = configurationFile.map { ["-c", $0.path] } ?? []
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = configurationArguments + ["-a", "127.0.0.1", "-p", port.map(String.init) ?? "-1"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let output = PrintedOutput(reading: pipe.fileHandleForReading)
        let (exit, exited) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exited.finish() }
        try process.run()
        let marker = "Listening for client connections on 127.0.0.1:"
        guard try await output.firstLine(of: process, timeout: .seconds(20), where: { $0.contains("Server is ready") }) != nil,
            let line = try await output.firstLine(of: process, timeout: .zero, where: { $0.contains(marker) }),
            let listening = line.range(of: marker).flatMap({ Int(line[$0.upperBound...].prefix { $0.isNumber }) })
        else {
            process.terminate()
            if let configurationFile { try? FileManager.default.removeItem(at: configurationFile) }
            throw Failure(description: "nats-server did not start: \(output.lastLines(5))")
        }
        return TestNATSServer(port: listening, process: process, output: output, exit: exit, configurationFile: configurationFile)
    }

    /// Stops the server (SIGTERM) and waits until it has exited.
    public func stop() async {
        if process.isRunning { process.terminate() }
        for await _ in exit {}
        if let configurationFile { try? FileManager.default.removeItem(at: configurationFile) }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The server could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// Why.
        public let description: String
    }
}
