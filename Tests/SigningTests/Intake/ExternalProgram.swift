import Conversion
import Foundation

@testable import Signing

/// A command-line program the intake tests run for real: Poppler's `pdftoppm` and
/// `pdftotext` to make and read pictures and text, `qpdf` to encrypt, `soffice` to make
/// office documents.
struct ExternalProgram {
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

    /// Runs the program with `arguments` in `directory` and returns its exit status and
    /// everything it printed.
    func run(_ arguments: [String], in directory: URL, timeLimit: Duration = .seconds(120)) async throws -> (status: Int32, output: String) {
        let outputFile = directory.appendingPathComponent("output-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let process = ChildProcess(
            executable: path, arguments: arguments, environment: ProcessInfo.processInfo.environment,
            directory: directory, outputFile: outputFile
        )
        let termination = try await process.run(timeLimit: timeLimit)
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard case .exited(let status) = termination else {
            return (-1, output + "\n(killed after \(timeLimit))")
        }
        return (status, output)
    }
}

/// A fresh directory, removed by ``remove()``.
struct ScratchDirectory {
    /// The directory.
    let url: URL

    /// Creates the directory.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("SigningTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to the file `name` in the directory and returns its URL.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// The bytes of the file `name` in the directory.
    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
