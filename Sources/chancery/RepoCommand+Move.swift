import ArgumentParser
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo mv SRC DEST_FOLDER`: moves a document.
    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mv",
            abstract: "Move a document into another folder, with everything below it.",
            discussion: """
                Runs the operation Document.Move. The document keeps its name (or takes \
                --name); if the folder has a document of that name, the server picks a free one. \
                Prints "moved OLD-PATH to NEW-PATH".

                Examples:
                  chancery repo mv /default-domain/workspaces/draft.pdf /default-domain/workspaces/reports
                  chancery repo mv 6f1c2a9e-… /default-domain/workspaces/archive --name 2024-report.pdf
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The document to move: a path or a uid.", valueName: "src"))
        var source: String

        @Argument(help: ArgumentHelp("The folder to move it into: a path or a uid.", valueName: "dest-folder"))
        var destination: String

        @Option(help: ArgumentHelp("The document's new name. (default: its name)", valueName: "name"))
        var name: String?

        func run() async throws {
            let client = try connection.client()
            let document = try await client.document(DocumentReference.normalized(source))
            let folder = try await client.document(DocumentReference.normalized(destination))
            guard folder.isFolderish else { throw RepositoryFailure("\(folder.path) is not a folder") }
            let moved = try await client.about(document.path) {
                let request = client.session.requestMove(document.document.uid ?? document.path, toTargetDocument: folder.document.uid ?? folder.path)
                if let name { request.addParameterValue(name, forKey: "name") }
                return try RemoteDocument(json: try await request.response().json())
            }
            print("moved \(document.path) to \(moved.path)")
        }
    }
}
