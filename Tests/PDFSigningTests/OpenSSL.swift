import ChanceryTestSupport
import Foundation

/// Runs the `openssl` command line tool in a temporary directory, to check our CMS with an
/// implementation we did not write.
struct OpenSSL {
    /// Where Debian's `openssl` package installs the tool.
    static let executable = "/usr/bin/openssl"

    /// The temporary directory the files live in.
    let directory: URL

    /// Makes a fresh directory.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes bytes to `name`.
    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path(name))) }

    /// Writes text to `name`.
    func write(_ text: String, to name: String) throws { try text.write(toFile: path(name), atomically: true, encoding: .utf8) }

    /// Reads `name`.
    func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    /// Deletes the directory.
    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs openssl with `arguments`, returning its exit status and combined output.
    func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else { throw Missing() }
        let result = try await Subprocess.run(Self.executable, arguments, in: directory, errors: .intoOutput)
        return (result.status, result.outputText)
    }

    /// Thrown when openssl is not installed.
    struct Missing: Error, CustomStringConvertible {
        /// Where to get openssl.
        var description: String { "openssl is not installed at /usr/bin/openssl (Debian package `openssl`); these tests need it" }
    }
}
