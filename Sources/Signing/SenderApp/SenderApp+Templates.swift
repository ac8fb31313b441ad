import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import JSON

extension SenderApp {
    /// The templates of the web app:
    ///
    /// - `POST /signing/documents/{id}/template` (`name`, `role_{recipient id}` per recipient):
    ///   a template of the person's document, its recipients becoming roles
    ///   (``SigningService/createTemplate(from:name:roles:owner:)``).
    /// - `GET /signing/templates`: the person's templates, each with the form that uses it.
    /// - `GET /signing/templates/{id}`, `POST`: the form that sends a document made from the
    ///   template (`name`, `name_{role id}` and `email_{role id}` per role, `delivery`), made as
    ///   the API's `POST /document_templates/documents` makes one, with the same checks; the
    ///   form comes back with what was wrong (422).
    /// - `POST /signing/templates/{id}/delete`.
    func addTemplateRoutes(to pages: RouterGroup<ChanceryRequestContext>) {
        pages.post("documents/:id/template") { request, context in
            let principal = try context.requirePrincipal()
            let document = try await visibleDocument(context)
            let fields = try await request.submittedForm()
            let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= 255 else {
                throw APIError(.unprocessableContent, "Give the template a name of at most 255 characters.")
            }
            let roles = Dictionary(uniqueKeysWithValues: document.recipients.map { ($0.id, fields["role_\($0.id)"] ?? "") })
            let template = try await service.createTemplate(from: document, name: name, roles: roles, owner: principal)
            return ConsolePageResponse.redirect(to: SenderAppLink.template(template.id, done: .templateSaved))
        }
        pages.get("templates") { request, context in
            let principal = try context.requirePrincipal()
            let (templates, total) = try await service.templates.list(ownerID: principal.userID, matching: [], page: 1, limit: 100)
            return SenderAppLayout.page(
                title: "Templates", section: .templates, user: principal.userName, formToken: BrowserSession.formToken(of: request),
                template: "sender-templates-page",
                context: SenderTemplatesPage(
                    templates: templates, total: total, notice: request.uri.queryParameters.get("done").flatMap(SenderAppNotice.init(rawValue:))))
        }
        pages.get("templates/:id") { request, context in
            let template = try await ownTemplate(context)
            var form = UseTemplateForm(template, mailsRecipients: renderer.mailsRecipients)
            form.notice = request.uri.queryParameters.get("done").flatMap(SenderAppNotice.init(rawValue:))?.sentence
            return useTemplatePage(form, user: try context.requirePrincipal().userName, formToken: BrowserSession.formToken(of: request))
        }
        pages.post("templates/:id") { request, context in
            let principal = try context.requirePrincipal()
            let template = try await ownTemplate(context)
            let form = UseTemplateForm(template, fields: try await request.submittedForm(), mailsRecipients: renderer.mailsRecipients)
            do {
                let parsed = try DocumentFromTemplateRequest(body: form.documentBody(templateID: template.id))
                let combined = try await service.usableTemplates(parsed.templateIDs, paths: parsed.templateIDPaths, for: principal)
                let document = try await service.create(
                    try parsed.documentRequest(for: combined), files: try await service.intakenFiles(of: combined.files), owner: principal,
                    baseURL: context.publicOrigin.baseURL, client: ClientInfo(request: request, context: context), templateIDs: parsed.templateIDs)
                return ConsolePageResponse.redirect(to: SenderAppLink.document(document.id, done: .sent))
            } catch let error as APIError where error.status.code < 500 {
                var shown = form
                shown.message = Self.formMessage(of: error)
                return useTemplatePage(
                    shown, user: principal.userName, formToken: BrowserSession.formToken(of: request), status: .unprocessableContent)
            }
        }
        pages.post("templates/:id/delete") { _, context in
            let template = try await ownTemplate(context)
            try await service.templates.delete(id: template.id)
            return ConsolePageResponse.redirect(to: SenderAppLink.templates(done: .templateDeleted))
        }
    }

    /// The page that uses a template, showing `form`.
    private func useTemplatePage(_ form: UseTemplateForm, user: String, formToken: String?, status: HTTPResponse.Status = .ok) -> Response {
        var form = form
        form.formToken = formToken ?? ""
        return SenderAppLayout.page(
            title: form.templateName, section: .templates, user: user, formToken: formToken, template: "sender-use-template-page", context: form,
            status: status)
    }

    /// The template of the route's `id`, when it is the person's own; 404 otherwise.
    private func ownTemplate(_ context: ChanceryRequestContext) async throws -> SigningTemplate {
        let principal = try context.requirePrincipal()
        let template = try await service.visibleTemplate(try context.parameters.require("id"), for: principal)
        guard template.ownerID == principal.userID else { throw APIError(.notFound, "Template not found") }
        return template
    }
}

/// What `sender-templates-page.mustache` reads: the person's templates.
struct SenderTemplatesPage {
    /// One template's row.
    struct Row {
        let name: String
        let href: String
        let roles: String
        let files: String
        let created: ConsoleTime
    }

    let rows: [Row]
    let isEmpty: Bool
    let total: Int
    let notice: String?

    /// The page of `templates`, `total` in all, with the notice `done` names.
    init(templates: [SigningTemplate], total: Int, notice: SenderAppNotice?) {
        rows = templates.map { template in
            Row(
                name: template.name ?? "Untitled", href: SenderAppLink.template(template.id),
                roles: template.placeholders.sorted { $0.signingOrder < $1.signingOrder }.map(\.name).joined(separator: ", "),
                files: template.files.map(\.name).joined(separator: ", "), created: ConsoleTime(template.createdAt, to: .minute))
        }
        isEmpty = templates.isEmpty
        self.total = total
        self.notice = notice?.sentence
    }
}

/// What the form that uses a template holds (`sender-use-template-page.mustache`): a name for
/// the document and a person for each role, empty at first (or as the template preassigns
/// them), and what was entered when it comes back with a message.
struct UseTemplateForm {
    /// One role's row.
    struct RoleRow {
        let id: String
        let role: String
        let name: String
        let email: String
    }

    var formToken = ""
    var message: String?
    var notice: String?
    let templateName: String
    let useAction: String
    let deleteAction: String
    let name: String
    let roles: [RoleRow]
    /// Whether the recipients are mailed their links (else the sender hands them out).
    let byEmail: Bool
    /// Whether the server can mail at all.
    let mailsRecipients: Bool

    /// The empty form of `template`.
    init(_ template: SigningTemplate, mailsRecipients: Bool) {
        self.init(template, name: template.name ?? "", values: [:], byEmail: mailsRecipients, mailsRecipients: mailsRecipients)
    }

    /// The form of `template` as `fields` filled it in.
    init(_ template: SigningTemplate, fields: FormEncodedQuery, mailsRecipients: Bool) {
        var values: [String: String] = [:]
        for placeholder in template.placeholders {
            for prefix in ["name_", "email_"] {
                values[prefix + placeholder.id] = (fields[prefix + placeholder.id] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        self.init(
            template, name: (fields["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines), values: values,
            byEmail: mailsRecipients && fields["delivery"] != "links", mailsRecipients: mailsRecipients)
    }

    private init(_ template: SigningTemplate, name: String, values: [String: String], byEmail: Bool, mailsRecipients: Bool) {
        templateName = template.name ?? "Untitled"
        useAction = SenderAppLink.template(template.id)
        deleteAction = SenderAppLink.template(template.id) + "/delete"
        self.name = name
        roles = template.placeholders.sorted { $0.signingOrder < $1.signingOrder }.map { placeholder in
            RoleRow(
                id: placeholder.id, role: placeholder.name, name: values["name_" + placeholder.id] ?? placeholder.preassignedName ?? "",
                email: values["email_" + placeholder.id] ?? placeholder.preassignedEmail ?? "")
        }
        self.byEmail = byEmail
        self.mailsRecipients = mailsRecipients
    }

    /// The body of the API's `POST /document_templates/documents` for the form: every role
    /// with a person, sent at once.
    func documentBody(templateID: String) -> [String: JSONValue] {
        var body: [String: JSONValue] = [
            "template_id": .string(templateID), "embedded_signing": .bool(!byEmail),
            "recipients": .array(
                roles.filter { !$0.name.isEmpty || !$0.email.isEmpty }.enumerated().map { index, row -> JSONValue in
                    [
                        "id": .string("\(index + 1)"), "name": .string(row.name), "email": .string(row.email),
                        "placeholder_name": .string(row.role),
                    ]
                }),
        ]
        if !name.isEmpty { body["name"] = .string(name) }
        return body
    }
}
