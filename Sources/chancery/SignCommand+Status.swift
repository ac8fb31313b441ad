import ArgumentParser
import Foundation
import SignWellSDK

extension SignCommand {
    /// `chancery sign status ID`: where a document and each of its recipients are.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show a document's status and each recipient's.",
            discussion: """
                Prints the document's id, status and name, then a table of its recipients: \
                number, name, e-mail address, status, and when they signed. With --json, prints \
                the document as the server described it. Exits 0 whatever the status is.

                Examples:
                  chancery sign status 6f1c2a9e4d
                  chancery sign status 6f1c2a9e4d --json | jq -r '.status'
                """
        )

        @OptionGroup var connection: Connection

        @Argument(help: ArgumentHelp("The document's id.", valueName: "id"))
        var id: String

        @Flag(help: "Print the document as JSON.")
        var json = false

        func run() async throws {
            let document = try await connection.client().document(id)
            if json {
                try SignCommand.printJSON(document)
                return
            }
            let status = document.status?.rawValue ?? "unknown"
            print("\(document.id)  \(status)\(document.testMode ? " (test)" : "")  \(document.name ?? "")")
            let rows = (document.recipients ?? []).enumerated().map { index, recipient in
                [
                    recipient.id ?? String(index + 1), recipient.name ?? "", recipient.email, recipient.status ?? "",
                    recipient.signedAt.map { $0.formatted(Date.ISO8601FormatStyle()) } ?? "",
                ]
            }
            print(Table(header: ["#", "NAME", "EMAIL", "STATUS", "SIGNED"], rows: rows).text, terminator: "")
        }
    }
}
