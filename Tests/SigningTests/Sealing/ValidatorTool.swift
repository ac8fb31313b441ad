import Foundation

/// A third-party program the sealing tests check their PDFs with: qpdf, Poppler's pdfsig,
/// pdftotext and pdftoppm, LibreOffice, and pyHanko through the project's Python venv.
struct ValidatorTool {
    /// What a run left behind.
    struct Result {
        /// The exit status.
        let status: Int32
        /// The standard output, as UTF-8.
        let output: String
        /// The standard error, as UTF-8.
        let errors: String
    }

    /// Thrown when a tool fails where a test needs its result.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// The program's absolute path.
    let path: String

    /// The Debian install location of `name`.
    init(_ name: String) {
        path = "/usr/bin/" + name
    }

    /// The program at `path`.
    init(path: String) {
        self.path = path
    }

    /// The project's Python, with pyHanko installed (`scripts/test` makes the venv).
    static let python = ValidatorTool(
        path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".venv/bin/python").path
    )

    /// Whether the program is installed.
    var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Runs the program with `arguments` in `directory` and waits for it. Output goes through
    /// files, so that a chatty program cannot block on a full pipe.
    func run(_ arguments: [String], in directory: URL) throws -> Result {
        let outputURL = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorsURL = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorsURL)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorsURL)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsURL), as: UTF8.self)
        )
    }
}
