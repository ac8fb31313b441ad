import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// SignWell's template endpoints, for templates their owner and administrators see (everyone
/// else gets 404 `record_not_found`):
///
/// - `POST /document_templates` → 201 `DocumentTemplateResponse`; the files are fetched and
///   converted once and kept in the blob store.
/// - `GET /document_templates?page&limit&query` → `{templates, current_page, next_page,
///   previous_page, total_count, total_pages}`, newest first.
/// - `GET /document_templates/{id}` → `DocumentTemplateResponse`.
/// - `PUT /document_templates/{id}` (`DocumentTemplateUpdateRequest`) → 200 with the template.
/// - `DELETE /document_templates/{id}` → 204. Documents made from it are not affected.
/// - `POST /document_templates/documents` (`DocumentFromTemplateRequest`) → 201
///   `DocumentFromTemplateResponse`: the document as `GET /documents/{id}` shows it, with
///   `template_id`/`template_ids`, each field's and recipient's `placeholder_name`.
///
/// Chancery sends no `template_created` webhook: webhooks announce documents only.
struct TemplateRoutes: Sendable {
    /// The API the routes belong to: its service, renderer, base URL and client info.
    let api: SignWellAPI

    /// Adds the routes to `group`, which authenticates its requests.
    func add(to group: RouterGroup<ChanceryRequestContext>) {
        let service = api.service
        group.post("document_templates") { request, context in
            let principal = try context.requirePrincipal()
            let body = try TemplateRequest(body: try await SignWellAPI.jsonObject(request))
            try await service.requireApplication(body.apiApplicationID, of: principal)
            let template = try await service.createTemplate(body, owner: principal)
            return EditedResponse(status: .created, response: TemplateResponse(template))
        }
        group.get("document_templates") { request, context in
            let principal = try context.requirePrincipal()
            let paging = try Paging(request)
            let filter = try TemplateQuery.filter(request.uri.queryParameters.get("query"))
            let (templates, total) = try await service.templates.list(
                ownerID: principal.listedOwnerID, matching: filter.conditions, page: paging.page, limit: paging.limit
            )
            return paging.response(listing: templates.map(TemplateResponse.init), as: .templates, total: total)
        }
        group.post("document_templates/documents") { request, context in
            let principal = try context.requirePrincipal()
            let body = try DocumentFromTemplateRequest(body: try await SignWellAPI.jsonObject(request))
            try await service.requireApplication(body.options.apiApplicationID, of: principal)
            let combined = try await service.usableTemplates(body.templateIDs, paths: body.templateIDPaths, for: principal)
            let documentRequest = try body.documentRequest(for: combined)
            let document = try await service.create(
                documentRequest, files: try await service.intakenFiles(of: combined.files), owner: principal,
                baseURL: context.publicOrigin.baseURL, client: api.client(request, context), templateIDs: body.templateIDs
            )
            return EditedResponse(status: .created, response: api.renderer.render(document).fromTemplates(document))
        }
        group.get("document_templates/:id") { _, context in
            let template = try await service.visibleTemplate(try context.parameters.require("id"), for: try context.requirePrincipal())
            return TemplateResponse(template)
        }
        group.put("document_templates/:id") { request, context in
            let principal = try context.requirePrincipal()
            let template = try await service.visibleTemplate(try context.parameters.require("id"), for: principal)
            let update = try TemplateUpdateRequest(
                body: try await SignWellAPI.jsonObject(request), placeholderIDs: Set(template.placeholders.map(\.id)))
            try await service.requireApplication(update.apiApplicationID, of: principal)
            let updated = try await service.changeTemplate(template.id) { update.apply(to: &$0) }
            return TemplateResponse(updated)
        }
        group.delete("document_templates/:id") { _, context in
            let template = try await service.visibleTemplate(try context.parameters.require("id"), for: try context.requirePrincipal())
            try await service.templates.delete(id: template.id)
            return Response(status: .noContent)
        }
    }
}
