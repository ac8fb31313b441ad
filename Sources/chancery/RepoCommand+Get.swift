import ArgumentParser
import Foundation
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo get PATH|ID`: one document's metadata and properties.
    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Show a document: its metadata and the properties of all its schemas.",
            discussion: """
                Properties that are not set (null) are left out; values that are not text are \
                shown as JSON. With --json, prints the document entity as the server sent it.

                Examples:
                  chancery repo get /default-domain/workspaces/report.pdf
                  chancery repo get 6f1c2a9e-… --json | jq '.properties["file:content"]'
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The document: a path or a uid.", valueName: "path|id"))
        var reference: String

        @Flag(help: "Print the document entity as JSON.")
        var json = false

        func run() async throws {
            let remote = try await connection.client().document(DocumentReference.normalized(reference))
            if json {
                try JSONOutput.print(remote.json)
                return
            }
            let document = remote.document
            var fields: [[String]] = [
                ["path", remote.path], ["uid", document.uid ?? ""], ["type", document.type ?? ""], ["title", document.title ?? ""],
                ["state", document.state ?? ""],
            ]
            if let version = document.versionLabel { fields.append(["version", version]) }
            fields.append(["modified", document.lastModified?.formatted(.iso8601) ?? ""])
            fields.append(["facets", document.facets.joined(separator: ", ")])
            print(Table(header: ["FIELD", "VALUE"], rows: fields).text, terminator: "")
            print()
            let properties = try document.properties.sorted { $0.key < $1.key }.filter { !$0.value.isNull }
                .map { [$0.key, try Self.text(of: $0.value)] }
            print(Table(header: ["PROPERTY", "VALUE"], rows: properties).text, terminator: "")
        }

        /// A property value on one line: a string as it is, anything else as compact JSON.
        private static func text(of value: NUXJSONValue) throws -> String {
            if let string = value.stringValue { return string.replacingOccurrences(of: "\n", with: "\\n") }
            return String(decoding: try value.jsonData(), as: UTF8.self)
        }
    }
}
