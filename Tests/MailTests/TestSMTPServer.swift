import ChanceryTestSupport
import Foundation

/// `Tests/mail/smtp_server.py` running as a child process: aiosmtpd on loopback, in the
/// project's venv (`.venv`, which `scripts/test` installs from `Tests/compat/requirements.txt`).
/// Each test starts its own and stops it.
///
/// ```swift
/// let server = try await TestSMTPServer.start(["--refuse", "nobody@example.com"])
/// try await SMTPClient(server: server.url()).send(message)
/// let received = try server.received()   // what arrived, as Python's email package reads it
/// await server.stop()
/// ```
final class TestSMTPServer: Sendable {
    /// The package's root directory.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The venv's Python.
    static let python = root.appendingPathComponent(".venv/bin/python")
    /// The server's script.
    static let script = root.appendingPathComponent("Tests/mail/smtp_server.py")

    /// Whether the venv has aiosmtpd: its package is in the venv's `site-packages`.
    static let isInstalled: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        let lib = python.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.contains {
            FileManager.default.fileExists(atPath: lib.appendingPathComponent("\($0)/site-packages/aiosmtpd/__init__.py").path)
        }
    }()

    /// The port the server listens on, on 127.0.0.1.
    let port: Int
    /// Where the server writes the messages it receives.
    private let directory: URL
    private let process: Process
    /// The write end of the script's standard input, kept open while the server runs.
    private let input: FileHandle
    /// Finishes when the process has exited.
    private let exit: AsyncStream<Void>

    private init(port: Int, directory: URL, process: Process, input: FileHandle, exit: AsyncStream<Void>) {
        self.port = port
        self.directory = directory
        self.process = process
        self.input = input
        self.exit = exit
    }

    /// Starts the script with `arguments` (see its header: `--tls-cert`, `--user`,
    /// `--refuse`, `--hostile`, …) and waits until it listens.
    static func start(_ arguments: [String] = []) async throws -> TestSMTPServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chancery-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--directory", directory.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        // The script stops when its input ends, so that it does not outlive a test process that dies.
        let input = Pipe()
        process.standardInput = input
        let output = PrintedOutput(reading: pipe.fileHandleForReading)
        let (exit, exited) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exited.finish() }
        try process.run()
        guard let line = try await output.firstLine(of: process, timeout: .seconds(20), where: { $0.hasPrefix("ready port=") }),
            let port = Int(line.dropFirst("ready port=".count))
        else {
            process.terminate()
            try? FileManager.default.removeItem(at: directory)
            throw Failure(description: "smtp_server.py did not start: \(output.lastLines(5))")
        }
        return TestSMTPServer(port: port, directory: directory, process: process, input: input.fileHandleForWriting, exit: exit)
    }

    /// The server's URL, with credentials when given.
    func url(scheme: String = "smtp", user: String? = nil, password: String? = nil) -> String {
        let credentials = user.map { "\($0):\(password ?? "")@" } ?? ""
        return "\(scheme)://\(credentials)127.0.0.1:\(port)"
    }

    /// The messages received so far, in order.
    func received() throws -> [ReceivedMail] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).compactMap(Int.init).sorted()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try names.map { name in
            let summary = directory.appendingPathComponent("\(name)/summary.json")
            return try decoder.decode(ReceivedMail.self, from: Data(contentsOf: summary))
        }
    }

    /// Stops the server (SIGTERM), waits until it has exited, and removes its messages.
    func stop() async {
        if process.isRunning { process.terminate() }
        for await _ in exit {}
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The server could not be started.
    struct Failure: Error, CustomStringConvertible {
        /// Why.
        let description: String
    }
}
