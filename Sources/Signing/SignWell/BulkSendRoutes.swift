import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// SignWell's bulk-send endpoints, for bulk sends their owner and administrators see
/// (everyone else gets 404 `record_not_found`). The CSV's columns are ``BulkSendSheet``'s.
///
/// - `GET /bulk_sends/csv_template?template_ids[]=…&base64=…` → the blank CSV (a header row)
///   for the templates, as `text/csv`, or with `base64=true` as `{"data": <base64>}`.
/// - `POST /bulk_sends/validate_csv` `{template_ids, bulk_send_csv}` → 200 with the request
///   and its defaults (`BulkSendValidateCsvResponse`) when every row can make a document; 422
///   `{"errors": {"bulk_send_csv": [{row, data, errors}]}}` listing the rows that cannot.
/// - `POST /bulk_sends` (`CreateBulkSendRequest`) → 201 once every document is made and sent,
///   one per row; rows with errors refuse the whole bulk send with the same 422 unless
///   `skip_row_errors` is set, when they are left out and listed in `skipped_rows`.
/// - `GET /bulk_sends?page&limit` → `{bulk_sends, current_page, …}`, newest first;
///   `user_email` and `api_application_id` are ignored.
/// - `GET /bulk_sends/{id}` → `BulkSendResponse`.
/// - `GET /bulk_sends/{id}/documents?page&limit` → the bulk send with one page of its
///   documents, in the order of their rows, as `GET /documents/{id}` shows them.
///
/// A CSV whose structure is unusable (see ``BulkSendSheet/read(_:)``) or that is not CSV at
/// all is refused with 422 `{"errors": {"bulk_send_csv": [message]}}` by both endpoints.
struct BulkSendRoutes: Sendable {
    /// The API the routes belong to: its service, renderer, base URL and client info.
    let api: SignWellAPI

    /// Adds the routes to `group`, which authenticates its requests.
    func add(to group: RouterGroup<ChanceryRequestContext>) {
        let service = api.service
        group.get("bulk_sends/csv_template") { request, context in
            let principal = try context.requirePrincipal()
            let query = FormEncodedQuery(request.uri.query)
            let ids = query.all("template_ids[]") + query.all("template_ids")
            guard !ids.isEmpty else {
                throw APIError(.unprocessableContent, "Name the templates with template_ids[].", fieldErrors: ["template_ids": ["is required"]])
            }
            let combined = try await service.usableTemplates(ids, paths: ids.indices.map { "template_ids[\($0)]" }, for: principal)
            let csv = BulkSendSheet(combined).csvTemplate
            if query["base64"] == "true" || query["base64"] == "1" {
                return try CSVTemplateResponse(data: Data(csv.utf8).base64EncodedString()).response(from: request, context: context)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"bulk_send.csv\""],
                body: .init(byteBuffer: ByteBuffer(string: csv))
            )
        }
        group.post("bulk_sends/validate_csv") { request, context in
            let principal = try context.requirePrincipal()
            let body = try BulkSendRequest(body: try await SignWellAPI.jsonObject(request))
            try await service.requireApplication(body.options.apiApplicationID, of: principal)
            let sheet = BulkSendSheet(try await service.usableTemplates(body.templateIDs, paths: body.templateIDPaths, for: principal))
            let (rows, errors) = try sheet.read(body.table)
            guard errors.isEmpty else {
                return try EditedResponse(status: .unprocessableContent, response: BulkSendRowErrorsResponse(errors))
                    .response(from: request, context: context)
            }
            return try BulkSendValidationResponse(body, first: sheet.combined.templates[0], documentsCount: rows.count)
                .response(from: request, context: context)
        }
        group.post("bulk_sends") { request, context in
            let principal = try context.requirePrincipal()
            let body = try BulkSendRequest(body: try await SignWellAPI.jsonObject(request))
            try await service.requireApplication(body.options.apiApplicationID, of: principal)
            let sheet = BulkSendSheet(try await service.usableTemplates(body.templateIDs, paths: body.templateIDPaths, for: principal))
            let (rows, errors) = try sheet.read(body.table)
            guard errors.isEmpty || (body.skipRowErrors && !rows.isEmpty) else {
                return try EditedResponse(status: .unprocessableContent, response: BulkSendRowErrorsResponse(errors))
                    .response(from: request, context: context)
            }
            let bulkSend = try await service.createBulkSend(
                name: body.name, sheet: sheet, rows: rows, skipped: errors, options: body.options, owner: principal,
                baseURL: context.publicOrigin.baseURL, client: api.client(request, context)
            )
            return try EditedResponse(status: .created, response: BulkSendResponse(bulkSend, counts: BulkSendStore.Counts(documents: rows.count)))
                .response(from: request, context: context)
        }
        group.get("bulk_sends") { request, context in
            let principal = try context.requirePrincipal()
            let paging = try Paging(request)
            let (bulkSends, total) = try await service.bulkSends.list(
                ownerID: principal.listedOwnerID, page: paging.page, limit: paging.limit
            )
            let counts = try await service.bulkSends.counts(of: bulkSends.map(\.id))
            return paging.response(
                listing: bulkSends.map { BulkSendResponse($0, counts: counts[$0.id] ?? BulkSendStore.Counts()) }, as: .bulkSends, total: total
            )
        }
        group.get("bulk_sends/:id") { _, context in
            let bulkSend = try await service.visibleBulkSend(try context.parameters.require("id"), for: try context.requirePrincipal())
            let counts = try await service.bulkSends.counts(of: [bulkSend.id])
            return BulkSendResponse(bulkSend, counts: counts[bulkSend.id] ?? BulkSendStore.Counts())
        }
        group.get("bulk_sends/:id/documents") { request, context in
            let bulkSend = try await service.visibleBulkSend(try context.parameters.require("id"), for: try context.requirePrincipal())
            let paging = try Paging(request)
            let (ids, total) = try await service.bulkSends.documentIDs(of: bulkSend.id, page: paging.page, limit: paging.limit)
            var documents: [DocumentResponse] = []
            for id in ids {
                if let document = try await service.store.record(id: id) { documents.append(api.renderer.render(document)) }
            }
            let counts = try await service.bulkSends.counts(of: [bulkSend.id])
            return BulkSendDocumentsResponse(
                summary: BulkSendSummary(bulkSend, counts: counts[bulkSend.id] ?? BulkSendStore.Counts()), page: paging.page(total: total),
                documents: documents
            )
        }
    }
}
