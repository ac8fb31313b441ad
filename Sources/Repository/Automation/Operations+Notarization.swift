import Accounts
import Foundation

extension Operation {
    /// The operations that notarize documents' files through the server's Notary.
    static let notarizationOperations: [Operation] = [
        Operation(
            "Document.Notarize", category: "Files",
            description:
                "Notarizes the file at xpath (the main file by default) of each input document through the server's Notary, "
                + "as the person calling; each document's page then lists the report with its verify link.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("xpath", "string")]
        ) { input, call in
            guard let notary = call.notary else { throw RepositoryError.invalid("this server does not notarize documents") }
            let xpath = call.string("xpath") ?? "blobholder:0"
            return try await input.mapDocuments(for: "Document.Notarize") { document in
                guard let blob = call.repository.blob(at: xpath, of: document) else {
                    throw RepositoryError.invalid("\(document.path) has no file at \(xpath) to notarize")
                }
                let principal = call.checker.principal
                _ = try await notary.notarize(blob, at: xpath, of: document, userID: principal.userID, userName: principal.userName)
                return document
            }
        }
    ]
}
