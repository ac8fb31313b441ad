import ArgumentParser

extension RepoCommand {
    /// `chancery repo query NXQL`: finds documents.
    struct Query: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "Find documents with an NXQL query: path, type, title, last modification, size in bytes.",
            discussion: """
                Prints every document the query finds, asking the server for --page-size at a \
                time. With --json, prints a documents entity whose entries are the documents as \
                the server sent them (schemas dublincore and file).

                Examples:
                  chancery repo query "SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces'"
                  chancery repo query "SELECT * FROM File WHERE dc:title LIKE 'q3%'" --json | jq -r '.entries[].path'
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The NXQL query.", valueName: "nxql"))
        var nxql: String

        @Option(name: .customLong("page-size"), help: ArgumentHelp("How many documents one request asks for.", valueName: "n"))
        var pageSize = 100

        @Flag(help: "Print the documents as JSON.")
        var json = false

        func validate() throws {
            guard pageSize >= 1 else { throw ValidationError("--page-size must be at least 1") }
        }

        func run() async throws {
            let documents = try await connection.client().query(nxql, pageSize: pageSize)
            if json {
                try JSONOutput.print(RemoteDocument.listJSON(documents))
            } else {
                let rows = documents.map { $0.listingRow(name: $0.path) }
                print(Table(header: ["PATH", "TYPE", "TITLE", "MODIFIED", "SIZE"], rows: rows).text, terminator: "")
            }
        }
    }
}
