import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import JSON
import NIOCore

extension SenderApp {
    /// The preparation of a draft:
    ///
    /// - `GET …/{id}/prepare`: the draft's pages, drawn with pdf.js, on which the sender drags
    ///   fields from a palette (``SenderPreparationPage``, `prepare-document.js`); a document
    ///   that is no longer a draft goes to its page.
    /// - `GET …/{id}/current.pdf`: the document's PDF as it stands, which the page draws.
    /// - `POST …/{id}/prepare`: `{"fields": [[field, …] per file]}` as the API's
    ///   `POST /documents` takes them (with the header ``HTTPSupport/BrowserSession/formTokenHeader``):
    ///   places them and sends the document, mailing the recipients when it was made so;
    ///   answers `{"location": …}` (the document's page), or `{"message": …}` with 4xx.
    func addPreparationRoutes(to pages: RouterGroup<ChanceryRequestContext>) {
        pages.get("documents/:id/prepare") { request, context in
            let principal = try context.requirePrincipal()
            let document = try await visibleDocument(context)
            guard document.status == .draft else { return ConsolePageResponse.redirect(to: SenderAppLink.document(document.id)) }
            let formToken = BrowserSession.formToken(of: request) ?? ""
            return SenderAppLayout.page(
                title: "Place the fields", section: nil, user: principal.userName, formToken: formToken, template: "sender-prepare-page",
                context: SenderPreparationPage(document: document, formToken: formToken, pdfJS: pdfJS), policy: .preparation
            )
        }
        pages.get("documents/:id/current.pdf") { _, context in
            let document = try await visibleDocument(context)
            var response = Response(
                status: .ok, headers: [.contentType: "application/pdf", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: try await service.loadPDF(document.currentPDF))))
            response.headers[.xContentTypeOptions] = "nosniff"
            return response
        }
        pages.post("documents/:id/prepare") { request, context in
            let document = try await visibleDocument(context)
            do {
                let body = try await SignWellAPI.jsonObject(request, limit: 1 << 20)
                let placed = try await service.placeFields(on: document, body: body)
                _ = try await service.send(placed, updates: [:], client: ClientInfo(request: request, context: context))
                return try Self.json(["location": .string(SenderAppLink.document(document.id, done: .sent))], status: .ok)
            } catch let error as APIError where error.status.code < 500 {
                let details = error.fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.joined(separator: ", "))" }
                return try Self.json(["message": .string(([error.message] + details).joined(separator: "; "))], status: error.status)
            }
        }
    }

    /// `value` as a JSON answer with `status`.
    private static func json(_ value: [String: JSONValue], status: HTTPResponse.Status) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(JSONValue.object(value)))))
    }
}
