import ArgumentParser
import Foundation

/// `chancery pdf`: reads, signs and verifies PDF files locally, without a server.
struct PDFCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "Inspect, sign and verify PDF files.",
        discussion: """
            Signing appends an incremental update, so every earlier signature stays valid.

            Examples:
              chancery pdf info contract.pdf --json
              chancery pdf sign contract.pdf signed.pdf --cert chain.pem --key key.pem --pades \\
                  --text "Signed by Jane Roe" --page 1 --at 72,72
              chancery pdf verify signed.pdf --root ca.pem
            """,
        subcommands: [Info.self, Sign.self, Verify.self]
    )

    /// The bytes of the file at `path`, or a one-line error.
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("cannot read \(path)")
        }
        return Array(data)
    }
}
