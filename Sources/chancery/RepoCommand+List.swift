import ArgumentParser
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo ls PATH`: the children of a folder.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls",
            abstract: "List the children of a folder: name, type, title, last modification, size in bytes.",
            discussion: """
                With --json, prints a documents entity whose entries are the children as the \
                server sent them (schemas dublincore and file).

                Examples:
                  chancery repo ls /default-domain/workspaces
                  chancery repo ls /default-domain/workspaces --json | jq -r '.entries[].uid'
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The folder: a path or a uid.", valueName: "path"))
        var path: String

        @Flag(help: "Print the children as JSON.")
        var json = false

        func run() async throws {
            let children = try await connection.client().children(of: DocumentReference.normalized(path))
            if json {
                try JSONOutput.print(RemoteDocument.listJSON(children))
            } else {
                let rows = children.map { $0.listingRow(name: $0.document.name ?? $0.path) }
                print(Table(header: ["NAME", "TYPE", "TITLE", "MODIFIED", "SIZE"], rows: rows).text, terminator: "")
            }
        }
    }
}
