import ChanceryTestSupport
import Foundation

/// Runs a command-line tool we did not write and collects what it prints.
enum ExternalTool {
    /// The decoder from Debian's `zbar-tools`.
    static let zbarimg = "/usr/bin/zbarimg"

    /// The encoder from Debian's `qrencode`.
    static let qrencode = "/usr/bin/qrencode"

    /// Runs `executable` with `arguments`; returns its exit status and standard output.
    /// Standard error is discarded.
    static func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await Subprocess.run(executable, arguments, errors: .discarded)
        return (result.status, result.outputText)
    }
}
