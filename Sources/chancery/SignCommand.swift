import ArgumentParser
import Foundation
import SignWellSDK

/// `chancery sign`: documents sent for signing on a Chancery server, through its
/// SignWell-compatible API and SignWellSDK.
struct SignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Send PDFs for signing, follow them, and download them signed.",
        discussion: """
            Talks to a running server through its SignWell API (SERVER/signwell/api/v1). \
            Results go to standard output, errors and progress to standard error; a command \
            exits 0 only when it did all it was asked.

            Every command takes --server URL (CHANCERY_SERVER, default http://127.0.0.1:8080) \
            and --api-key KEY (CHANCERY_API_KEY), a key from `chancery apikey create`.

            Examples:
              export CHANCERY_API_KEY=$(chancery apikey create --user alice --name laptop)
              chancery sign create contract.pdf --recipient "Jane Roe:jane@example.com" \\
                --field 1:signature:1:200:550 --field 1:date:1:420:550
              chancery sign status 6f1c2a9e4d
              chancery sign download 6f1c2a9e4d -o contract-signed.pdf
            """,
        subcommands: [Create.self, Status.self, Download.self]
    )

    /// Prints `value` as indented JSON with sorted keys, in the API's form (ISO 8601 dates,
    /// lengths as strings), for `--json`.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = SignWellJSON.encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
