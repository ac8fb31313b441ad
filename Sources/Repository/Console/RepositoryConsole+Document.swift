import Accounts
import HTTPSupport
import HTTPTypes
import Hummingbird

/// `GET /repository/document/{id}` and its blob downloads.
extension RepositoryConsole {
    /// The page of the document whose id is in the path.
    func document(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (viewer, checker) = try Self.reader(of: request, context: context)
        let document = try await repository.document(.id(context.parameters.require("id")), for: checker)
        let (local, inherited) = try await repository.acls(of: document)
        var editing: DocumentEditingForms?
        if let formToken = BrowserSession.formToken(of: request) {
            editing = DocumentEditingForms(
                document, schemas: repository.schemas(of: document), localACL: local,
                permissions: Set(try await repository.permissions(on: document, for: checker)), userName: viewer.name, formToken: formToken)
        }
        let facts = DocumentDetailsPage.Facts(
            type: repository.type(of: document), facets: repository.facets(of: document), schemas: repository.schemas(of: document),
            versionLabel: repository.displayedVersionLabel(of: document), mainBlob: repository.blob(at: "blobholder:0", of: document),
            localACL: local, inheritedACL: inherited, notarizations: try await notary?.notarizations(of: document.id) ?? [],
            notarizeFormToken: notary == nil ? nil : BrowserSession.formToken(of: request), editing: editing
        )
        return ConsoleResponse.page(DocumentDetailsPage.html(document, facts: facts, viewer: viewer))
    }

    /// `POST …/document/{id}/notarize`: notarizes the document's main file for the person
    /// signed in with the browser, who must be able to read it, and shows the page again.
    func notarize(context: ChanceryRequestContext) async throws -> Response {
        guard let notary else { throw APIError(.notFound, "This server does not notarize documents.") }
        let principal = try context.requirePrincipal()
        let document = try await repository.document(.id(context.parameters.require("id")), for: AccessChecker(principal: principal))
        guard let blob = repository.blob(at: "blobholder:0", of: document) else {
            throw APIError(.notFound, "This document has no file to notarize.")
        }
        _ = try await notary.notarize(blob, at: "blobholder:0", of: document, userID: principal.userID, userName: principal.userName)
        return ConsolePageResponse.redirect(to: ConsoleLink.document(id: document.id))
    }

    /// Streams the blob at `xpath` as an attachment, honouring `Range`.
    func blob(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (_, checker) = try Self.reader(of: request, context: context)
        let document = try await repository.document(.id(context.parameters.require("id")), for: checker)
        let xpath = FormEncodedQuery(request.uri.query)["xpath"] ?? "blobholder:0"
        guard let blob = repository.blob(at: xpath, of: document) else {
            throw APIError(.notFound, "This document has no file there.")
        }
        return try BlobResponse.make(blob, store: repository.blobs, rangeHeader: request.headers[.range])
    }
}
