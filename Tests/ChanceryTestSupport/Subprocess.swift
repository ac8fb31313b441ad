import Foundation

/// A program a test runs to its end, waited for without holding a thread.
///
/// Tests run on Swift concurrency's pool, which has one thread per core. A test that waits
/// in `waitUntilExit()` or `readDataToEndOfFile()` holds a thread for as long as the program
/// runs; on a two-core machine, two such waits (LibreOffice, pyHanko) stop every other test
/// in the process, and their servers, timers and deadlines with them. Here the task is
/// suspended until Foundation reports the exit. What the program prints goes to files, so a
/// chatty program never blocks on a full pipe.
public enum Subprocess {
    /// How a run ended and what it printed.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output; with ``Errors/intoOutput``, standard error interleaved.
        public let output: Data
        /// Standard error, empty with ``Errors/intoOutput`` or ``Errors/discarded``.
        public let errors: Data

        /// ``output`` as UTF-8 text.
        public var outputText: String { String(decoding: output, as: UTF8.self) }
        /// ``errors`` as UTF-8 text.
        public var errorsText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// Where standard error goes.
    public enum Errors: Sendable {
        /// Kept apart, in ``Result/errors``.
        case separate
        /// Written to the same file as standard output, in the order printed.
        case intoOutput
        /// Thrown away.
        case discarded
    }

    /// Runs `executable` with `arguments` and waits for it to exit.
    ///
    /// - Parameters:
    ///   - directory: the working directory; the test's when `nil`.
    ///   - environment: the whole environment; the test's when `nil`.
    ///   - input: what the program reads on standard input; nothing when `nil`.
    ///   - errors: where standard error goes.
    /// - Throws: when the program cannot be started.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        input: Data? = nil, errors: Errors = .separate
    ) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("output")
        let errorsURL = scratch.appendingPathComponent("errors")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorsHandle = try FileHandle(forWritingTo: errorsURL)
        var inputHandle = FileHandle.nullDevice
        if let input {
            let inputURL = scratch.appendingPathComponent("input")
            try input.write(to: inputURL)
            inputHandle = try FileHandle(forReadingFrom: inputURL)
        }
        defer {
            try? outputHandle.close()
            try? errorsHandle.close()
            if input != nil { try? inputHandle.close() }
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        switch errors {
        case .separate: process.standardError = errorsHandle
        case .intoOutput: process.standardError = outputHandle
        case .discarded: process.standardError = FileHandle.nullDevice
        }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Result(status: status, output: try Data(contentsOf: outputURL), errors: try Data(contentsOf: errorsURL))
    }

    /// Runs the program at `path`; see ``run(_:_:in:environment:input:errors:)``.
    public static func run(
        _ path: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        input: Data? = nil, errors: Errors = .separate
    ) async throws -> Result {
        try await run(URL(fileURLWithPath: path), arguments, in: directory, environment: environment, input: input, errors: errors)
    }
}
