import ChanceryTestSupport
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

    /// Runs the program with `arguments` in `directory` and waits for it.
    func run(_ arguments: [String], in directory: URL) async throws -> Result {
        let result = try await Subprocess.run(path, arguments, in: directory)
        return Result(status: result.status, output: result.outputText, errors: result.errorsText)
    }
}
