import HTTPSupport
import HTTPTypes
import Hummingbird

/// `GET /repository/document/{id}` and its blob downloads.
extension RepositoryConsole {
    /// The page of the document whose id is in the path.
    func document(context: ChanceryRequestContext) async throws -> Response {
        let (user, checker) = try Self.reader(of: context)
        let document = try await repository.document(.id(context.parameters.require("id")), for: checker)
        let (local, inherited) = try await repository.acls(of: document)
        let facts = DocumentDetailsPage.Facts(
            type: repository.type(of: document), facets: repository.facets(of: document), schemas: repository.schemas(of: document),
            versionLabel: repository.displayedVersionLabel(of: document), mainBlob: repository.blob(at: "blobholder:0", of: document),
            localACL: local, inheritedACL: inherited
        )
        return ConsoleResponse.page(DocumentDetailsPage.html(document, facts: facts, user: user))
    }

    /// Streams the blob at `xpath` as an attachment, honouring `Range`.
    func blob(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (_, checker) = try Self.reader(of: context)
        let document = try await repository.document(.id(context.parameters.require("id")), for: checker)
        let xpath = FormEncodedQuery(request.uri.query)["xpath"] ?? "blobholder:0"
        guard let blob = repository.blob(at: xpath, of: document) else {
            throw APIError(.notFound, "This document has no file there.")
        }
        return try BlobResponse.make(blob, store: repository.blobs, rangeHeader: request.headers[.range])
    }
}
