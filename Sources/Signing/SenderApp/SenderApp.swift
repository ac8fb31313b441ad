import Accounts
import Foundation
import HTTPSupport
import Hummingbird

/// The web app in which a person prepares, sends and follows their documents, signed in with
/// their Chancery account in the browser (``HTTPSupport/BrowserSession``).
///
/// - `GET /signing`: to the documents.
/// - `GET /signing/documents?status=…&page=N`: the person's documents, newest first, 25 a
///   page, with their status and who has signed (``SenderDocumentsPage``).
/// - `GET /signing/documents/{id}`: a document's recipients, audit trail, completed PDF and
///   notarization (``SenderDocumentPage``).
/// - `GET /signing/documents/{id}/completed.pdf`: the completed PDF with its audit page.
/// - `GET /signing/documents/new`, `POST` (a form with the file and the recipients): a new
///   draft, then to its preparation (``addNewDocumentRoutes(to:)``).
/// - `GET /signing/documents/{id}/prepare`: a draft's pages with fields to place by dragging;
///   `POST` with the fields sends it (``addPreparationRoutes(to:)``).
/// - `POST /signing/documents/{id}/remind`, `…/cancel`, `…/delete`: the actions, each back to
///   a page that says it was done.
/// - `POST /signing/documents/{id}/template`, `GET /signing/templates`, `GET`/`POST
///   /signing/templates/{id}`: templates made from documents, and documents sent from them
///   (``addTemplateRoutes(to:)``).
/// - `GET /signing/assets/sender-app.css`: the stylesheet, without sign-in.
///
/// A person sees only their own documents: another person's answers 404, as in the API. Every
/// page requires the sign-in and every form its form token (``HTTPSupport/BrowserSignInMiddleware``);
/// the pages carry no script and run under a strict content security policy.
struct SenderApp: Sendable {
    /// The documents and what can be done with them.
    let service: SigningService
    /// The accounts the sessions are checked against.
    let accounts: AccountStore
    /// Makes the recipients' signing links.
    let renderer: DocumentRenderer
    /// pdf.js, which the page that places fields draws the pages with, when the server has it.
    let pdfJS: PDFJSDistribution?

    /// Adds the app's routes to `router`.
    func add(to router: Router<ChanceryRequestContext>) {
        router.add([SenderAppLayout.stylesheet, SenderAppLayout.preparationScript])
        let pages = router.group(RouterPath(SenderAppLink.root))
            .add(middleware: ConsoleErrorMiddleware { error in SenderAppLayout.errorPage(error) })
            .add(middleware: BrowserSignInMiddleware(accounts: accounts))
        pages.get { _, _ in ConsolePageResponse.redirect(to: SenderAppLink.documents) }
        pages.get("documents") { request, context in try await documents(request, context: context) }
        pages.get("documents/:id") { request, context in try await document(request, context: context) }
        pages.get("documents/:id/completed.pdf") { _, context in try await completedPDF(context: context) }
        addNewDocumentRoutes(to: pages)
        addPreparationRoutes(to: pages)
        addTemplateRoutes(to: pages)
        pages.post("documents/:id/remind") { request, context in
            let document = try await visibleDocument(context)
            try await service.remind(document, body: [:], client: ClientInfo(request: request, context: context))
            return ConsolePageResponse.redirect(to: SenderAppLink.document(document.id, done: .reminded))
        }
        pages.post("documents/:id/cancel") { request, context in
            let document = try await visibleDocument(context)
            _ = try await service.cancel(document, client: ClientInfo(request: request, context: context))
            return ConsolePageResponse.redirect(to: SenderAppLink.document(document.id, done: .canceled))
        }
        pages.post("documents/:id/delete") { request, context in
            let document = try await visibleDocument(context)
            try await service.delete(document, client: ClientInfo(request: request, context: context))
            return ConsolePageResponse.redirect(to: SenderAppLink.documents(done: .deleted))
        }
        pages.get("**") { _, _ -> Response in throw APIError(.notFound, "There is no page here.") }
    }

    /// The list of the person's documents.
    private func documents(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let query = request.uri.queryParameters
        let status = try query.get("status").flatMap { value -> DocumentStatus? in
            guard !value.isEmpty else { return nil }
            guard let status = DocumentStatus(queryValue: value) else { throw APIError(.badRequest, "There is no document status \"\(value)\".") }
            return status
        }
        guard let page = Int(query.get("page") ?? "1"), (1...100_000).contains(page) else {
            throw APIError(.badRequest, "The page must be a number from 1.")
        }
        let filter = try DocumentQuery.filter(status.map { "status:\($0.rawValue)" })
        let (documents, total) = try await service.store.list(
            ownerID: principal.userID, matching: filter.conditions, page: page, limit: SenderDocumentsPage.pageSize)
        let notice = query.get("done").flatMap(SenderAppNotice.init(rawValue:))
        return SenderAppLayout.page(
            title: "Documents", section: .documents, user: principal.userName, formToken: BrowserSession.formToken(of: request),
            template: "sender-documents-page",
            context: SenderDocumentsPage(documents: documents, total: total, status: status, page: page, notice: notice)
        )
    }

    /// A document's page.
    private func document(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let document = try await visibleDocument(context)
        let formToken = BrowserSession.formToken(of: request) ?? ""
        let notice = request.uri.queryParameters.get("done").flatMap(SenderAppNotice.init(rawValue:))
        return SenderAppLayout.page(
            title: document.displayName, section: .documents, user: principal.userName, formToken: formToken,
            template: "sender-document-page",
            context: SenderDocumentPage(document: document, formToken: formToken, notice: notice, renderer: renderer)
        )
    }

    /// The completed PDF, with its audit page, to save.
    private func completedPDF(context: ChanceryRequestContext) async throws -> Response {
        let document = try await visibleDocument(context)
        guard document.status == .completed else { throw APIError(.notFound, "The document is not completed yet.") }
        let file = try await CompletedFile.of(document, auditPage: true, format: .pdf, service: service)
        return SignWellAPI.download(file.bytes, type: file.mediaType, name: file.name)
    }

    /// The document of the route's `id`, when it is the person's own; 404 otherwise.
    func visibleDocument(_ context: ChanceryRequestContext) async throws -> SigningDocument {
        let principal = try context.requirePrincipal()
        let document = try await service.visibleDocument(try context.parameters.require("id"), for: principal)
        guard document.ownerID == principal.userID else { throw APIError(.notFound, "Document not found") }
        return document
    }

}
