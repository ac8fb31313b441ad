import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import NotaryProof

extension SignWellAPI {
    /// `/documents…`: create, list, get, delete, send, remind, update recipients, completed PDF.
    func addDocumentRoutes(to api: RouterGroup<ChanceryRequestContext>) {
        api.post("documents") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await DocumentRequest(body: Self.jsonObject(request))
            let document = try await service.create(body, owner: principal, baseURL: baseURL(of: request), client: client(request, context))
            return SignWellResponse(status: .created, body: renderer.render(document))
        }
        api.get("documents") { request, context in
            let principal = try context.requirePrincipal()
            let paging = try Paging(request)
            let filter = try DocumentQuery.filter(request.uri.queryParameters.get("query"))
            let (documents, total) = try await service.store.list(
                ownerID: principal.listedOwnerID, matching: filter.conditions, page: paging.page, limit: paging.limit
            )
            return paging.response(listing: documents.map(renderer.render), as: "documents", total: total)
        }
        api.get("documents/:id") { _, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            return SignWellResponse(body: renderer.render(document))
        }
        api.delete("documents/:id") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            try await service.delete(document, client: client(request, context))
            return Response(status: .noContent)
        }
        api.post("documents/:id/send") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            let sent = try await service.send(document, updates: try await Self.jsonObject(request), client: client(request, context))
            return SignWellResponse(status: .created, body: renderer.render(sent))
        }
        api.post("documents/:id/remind") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            try await service.remind(document, body: try await Self.jsonObject(request), client: client(request, context))
            return Response(status: .created)
        }
        api.patch("documents/:id/recipients") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            let updated = try await service.updateRecipients(document, body: try await Self.jsonObject(request), client: client(request, context))
            return SignWellResponse(body: renderer.render(updated))
        }
        api.get("documents/:id/completed_pdf") { request, context in
            let document = try await service.visibleDocument(try context.parameters.require("id"), for: try context.requirePrincipal())
            return try await completedPDF(document, request: request)
        }
    }

    /// The completed PDF as bytes, as a ZIP, or (`url_only=true`) as `{"file_url": …}`.
    private func completedPDF(_ document: SigningDocument, request: Request) async throws -> Response {
        guard document.status == .completed, let signedPDF = document.signedPDF else {
            throw APIError(.notFound, "The document is not completed yet, so it has no completed PDF.")
        }
        let query = request.uri.queryParameters
        let auditPage = query.get("audit_page").map { $0 != "false" && $0 != "0" } ?? true
        let format = query.get("file_format") ?? "pdf"
        guard format == "pdf" || format == "zip" else {
            throw APIError(.unprocessableContent, "file_format must be pdf or zip", fieldErrors: ["file_format": ["must be pdf or zip"]])
        }
        if query.get("url_only") == "true" || query.get("url_only") == "1" {
            var url = "\(baseURL(of: request))/signwell/api/v1/documents/\(document.id)/completed_pdf?file_format=\(format)"
            if !auditPage { url += "&audit_page=false" }
            return try SignWellResponse(body: .object(["file_url": .string(url)])).response()
        }
        let bytes = try await service.loadPDF(auditPage ? document.currentPDF : signedPDF)
        let baseName = Self.fileName(document.name ?? document.files.first?.name ?? "document")
        if format == "zip" {
            var archive = StoredZip()
            archive.add("\(baseName).pdf", bytes, modified: document.completedAt ?? Date())
            return Self.download(archive.bytes, type: "application/zip", name: "\(baseName).zip")
        }
        return Self.download(bytes, type: "application/pdf", name: "\(baseName).pdf")
    }

    /// A name safe in a `Content-Disposition` header and in a file system.
    static func fileName(_ name: String) -> String {
        var base = name.hasSuffix(".pdf") ? String(name.dropLast(4)) : name
        base = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " || $0 == "." ? $0 : "_" }.prefix(100))
        return base.isEmpty ? "document" : base
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
