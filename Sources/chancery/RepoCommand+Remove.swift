import ArgumentParser
import NuxeoSDK

extension RepoCommand {
    /// `chancery repo rm PATH`: deletes a document, or puts it in the trash.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Delete a document with everything below it, or put it in the trash.",
            discussion: """
                Without --trash the document is deleted for good. With --trash it goes to the \
                trash (Document.Trash), from which it can be restored. Prints "deleted PATH" or \
                "trashed PATH".

                Examples:
                  chancery repo rm /default-domain/workspaces/draft.pdf
                  chancery repo rm /default-domain/workspaces/old-reports --trash
                """
        )

        @OptionGroup var connection: RepositoryConnection

        @Argument(help: ArgumentHelp("The document: a path or a uid.", valueName: "path|id"))
        var reference: String

        @Flag(help: "Put the document in the trash instead of deleting it.")
        var trash = false

        func run() async throws {
            let client = try connection.client()
            let document = try await client.document(DocumentReference.normalized(reference))
            let uid = document.document.uid ?? document.path
            try await client.about(document.path) {
                if trash {
                    let request = client.session.requestOperation("Document.Trash")
                    request.input = "doc:" + uid
                    try await request.response()
                } else {
                    try await client.session.requestDeleteDocument(uid).response()
                }
            }
            print("\(trash ? "trashed" : "deleted") \(document.path)")
        }
    }
}
