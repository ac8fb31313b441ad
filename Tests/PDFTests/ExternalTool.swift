import ChanceryTestSupport
import Foundation

/// A third-party command-line program run by the tests, such as Poppler's `pdftotext`.
struct ExternalTool {
    /// What a run of the program left behind.
    struct Result {
        /// The exit status.
        let status: Int32
        /// The standard output, decoded as UTF-8.
        let output: String
        /// The standard error, decoded as UTF-8.
        let errors: String
    }

    /// The program's absolute path.
    let path: String

    /// The Debian install location of `name`.
    init(_ name: String) {
        path = "/usr/bin/" + name
    }

    /// Whether the program is installed.
    var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Runs the program with `arguments` in `directory` and waits for it to exit.
    func run(_ arguments: [String], in directory: URL) async throws -> Result {
        let result = try await Subprocess.run(path, arguments, in: directory)
        return Result(status: result.status, output: result.outputText, errors: result.errorsText)
    }
}

/// A fresh temporary directory, removed by ``remove()``.
struct ScratchDirectory {
    /// The directory.
    let url: URL

    /// Creates the directory.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PDFTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` in the directory and returns the file's path.
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
