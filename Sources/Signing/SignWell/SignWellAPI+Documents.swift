import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

extension SignWellAPI {
    /// `/documents…`: create, list, get, delete, send, remind, update recipients, completed PDF.
    func addDocumentRoutes(to api: RouterGroup<ChanceryRequestContext>) {
        api.post("documents") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await DocumentRequest(body: Self.jsonObject(request))
            try await service.requireApplication(body.apiApplicationID, of: principal)
            let document = try await service.create(body, owner: principal, baseURL: context.publicOrigin.baseURL, client: client(request, context))
            return EditedResponse(status: .created, response: renderer.render(document))
        }
        api.get("documents") { request, context in
            let principal = try context.requirePrincipal()
            let paging = try Paging(request)
            let filter = try DocumentQuery.filter(request.uri.queryParameters.get("query"))
            let (documents, total) = try await service.store.list(
                ownerID: principal.listedOwnerID, matching: filter.conditions, page: paging.page, limit: paging.limit
            )
            return paging.response(listing: documents.map(renderer.render), as: .documents, total: total)
        }
        api.get("documents/:id") { _, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            return renderer.render(document)
        }
        api.delete("documents/:id") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            try await service.delete(document, client: client(request, context))
            return Response(status: .noContent)
        }
        api.post("documents/:id/send") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            let sent = try await service.send(document, updates: try await Self.jsonObject(request), client: client(request, context))
            return EditedResponse(status: .created, response: renderer.render(sent))
        }
        api.post("documents/:id/remind") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            try await service.remind(document, body: try await Self.jsonObject(request), client: client(request, context))
            return Response(status: .created)
        }
        api.patch("documents/:id/recipients") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            let updated = try await service.updateRecipients(document, body: try await Self.jsonObject(request), client: client(request, context))
            return renderer.render(updated)
        }
        api.get("documents/:id/completed_pdf") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            return try await completedPDF(document, request: request, context: context)
        }
    }

    /// The completed PDF as bytes, as a ZIP, or (`url_only=true`) as `{"file_url": …}` under
    /// the request's public origin.
    private func completedPDF(_ document: SigningDocument, request: Request, context: ChanceryRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let auditPage = query.get("audit_page").map { $0 != "false" && $0 != "0" } ?? true
        guard let format = CompletedFile.Format(rawValue: query.get("file_format") ?? "pdf") else {
            throw APIError(.unprocessableContent, "file_format must be pdf or zip", fieldErrors: ["file_format": ["must be pdf or zip"]])
        }
        if query.get("url_only") == "true" || query.get("url_only") == "1" {
            guard document.status == .completed else {
                throw APIError(.notFound, "The document is not completed yet, so it has no completed PDF.")
            }
            let token = service.links.fileToken(
                documentID: document.id, expiry: Date().addingTimeInterval(SigningLinks.fileLinkLifetime), format: format, auditPage: auditPage
            )
            return try CompletedFileURLResponse(fileURL: context.publicOrigin.url("/signwell/files/\(token)")).response(
                from: request, context: context)
        }
        let file = try await CompletedFile.of(document, auditPage: auditPage, format: format, service: service)
        return Self.download(file.bytes, type: file.mediaType, name: file.name)
    }

    /// A file to save.
    static func download(_ bytes: [UInt8], type: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
