import ChanceryTestSupport
import Foundation
import SignWellSDK

/// A real `chancery serve` process on a fresh store, with an API key of its administrator,
/// for tests that drive the SDK against the server's SignWell API at
/// `{server}/signwell/api/v1`.
///
/// On a PostgreSQL run (`CHANCERY_TEST_DATABASE` set) the server gets a fresh database of its
/// own; otherwise SQLite in the data directory.
struct SignWellServer {
    /// The running process.
    let process: ServerProcess
    /// An API key of the administrator.
    let apiKey: String

    /// The API's root, as an app would configure it.
    var apiURL: URL { process.baseURL.appendingPathComponent("signwell/api/v1") }

    /// A client of the server with the administrator's key.
    func client() -> SignWellClient {
        SignWellClient(baseURL: apiURL, apiKey: apiKey)
    }

    /// Starts a server with the `serve` options `arguments`, creates an API key, runs `body`,
    /// and stops the server.
    static func with(arguments: [String] = [], _ body: (SignWellServer) async throws -> Void) async throws {
        try await withDatabaseArguments { databaseArguments in
            try await TemporaryDirectory.with { directory in
                let store = ["--data", directory] + databaseArguments
                let process = try await ServerProcess.start(
                    arguments: store + arguments, environment: ["CHANCERY_ADMIN_PASSWORD": "signwellsdk test password"]
                )
                do {
                    let apiKey = try await run(["apikey", "create", "--user", "Administrator", "--name", "signwellsdk-tests"] + store)
                    try await body(SignWellServer(process: process, apiKey: apiKey))
                } catch {
                    _ = try? await process.terminate()
                    throw error
                }
                _ = try await process.terminate()
            }
        }
    }

    /// The `--database` arguments for this run: none on SQLite, a fresh PostgreSQL database otherwise.
    private static func withDatabaseArguments(_ body: ([String]) async throws -> Void) async throws {
        guard TestDatabase.postgresURL != nil else { return try await body([]) }
        try await TestDatabase.withFreshPostgresDatabase { url in try await body(["--database", url]) }
    }

    /// Runs the `chancery` binary with `arguments` and returns its standard output, trimmed.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let result = try await ChanceryCommand.run(arguments, environment: environment)
        guard result.status == 0 else {
            throw Failure("chancery \(arguments.joined(separator: " ")) exited with \(result.status): \(result.standardError)")
        }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A test setup step that failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The `chancery` binary run as a command, as a person would run it.
enum ChanceryCommand {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// Runs `chancery` with `arguments`, with the test's environment less its `CHANCERY_*`
    /// variables, plus `environment`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CHANCERY_") }
        merged.merge(environment) { $1 }
        process.environment = merged
        // Files rather than pipes: a pipe that fills up would stop the command before it ends.
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("chancery-out-\(UUID().uuidString)")
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("chancery-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        )
    }
}
