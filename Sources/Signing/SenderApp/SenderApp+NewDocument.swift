import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import JSON

extension SenderApp {
    /// How many recipients the new-document form has rows for.
    static let recipientRows = 5

    /// `GET /signing/documents/new`: the form; `POST`: makes the draft from it and goes on to
    /// its preparation, or shows the form again with what was wrong (422).
    ///
    /// The form (`multipart/form-data`) sends `name`, `file` (PDF, Word and other office files,
    /// HTML, pictures: the intake of the API), `recipient_name` and `recipient_email` once per
    /// row (empty rows are left out), `apply_signing_order` and `delivery` (`email` to have
    /// each recipient mailed their link, `links` to hand the links out oneself). The draft is
    /// made as the API's `POST /documents` with `draft: true` makes one, with the same checks.
    func addNewDocumentRoutes(to pages: RouterGroup<ChanceryRequestContext>) {
        pages.get("documents/new") { request, context in
            let principal = try context.requirePrincipal()
            return newDocumentPage(
                NewDocumentForm(mailsRecipients: renderer.mailsRecipients), user: principal.userName, formToken: BrowserSession.formToken(of: request)
            )
        }
        pages.post("documents/new") { request, context in
            let principal = try context.requirePrincipal()
            var request = request
            let parts = try await Self.parts(of: &request)
            let form = NewDocumentForm(parts: parts, mailsRecipients: renderer.mailsRecipients)
            do {
                let body = try form.documentBody(files: parts.filter { $0.name == "file" && !$0.body.isEmpty })
                let draft = try await service.create(
                    DocumentRequest(body: body), owner: principal, baseURL: context.publicOrigin.baseURL,
                    client: ClientInfo(request: request, context: context))
                return ConsolePageResponse.redirect(to: SenderAppLink.action("prepare", of: draft.id))
            } catch let error as APIError where error.status.code < 500 {
                var shown = form
                shown.message = Self.formMessage(of: error)
                return newDocumentPage(
                    shown, user: principal.userName, formToken: BrowserSession.formToken(of: request), status: .unprocessableContent)
            }
        }
    }

    /// What a form that comes back says of `error`: its message, then each field's problems.
    static func formMessage(of error: APIError) -> String {
        ([error.message] + error.fieldErrors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.joined(separator: ", "))" })
            .joined(separator: "; ")
    }

    /// The new-document page showing `form`.
    private func newDocumentPage(_ form: NewDocumentForm, user: String, formToken: String?, status: HTTPResponse.Status = .ok) -> Response {
        var form = form
        form.formToken = formToken ?? ""
        return SenderAppLayout.page(
            title: "New document", section: .newDocument, user: user, formToken: formToken, template: "sender-new-document-page", context: form,
            status: status)
    }

    /// The parts of the request's `multipart/form-data` body.
    private static func parts(of request: inout Request) async throws -> [MultipartPart] {
        guard let boundary = request.headers[.contentType].flatMap(MultipartBody.boundary(ofContentType:)) else {
            throw APIError(.unsupportedMediaType, "The form must be sent as multipart/form-data.")
        }
        let body = try await request.collectBody(upTo: BrowserSignInMiddleware.maximumMultipartBytes)
        do {
            return try MultipartBody.parts(of: Data(body.readableBytesView), boundary: boundary)
        } catch {
            throw APIError(.badRequest, "The form could not be read: \(error)")
        }
    }
}

/// What the new-document form holds (`sender-new-document-page.mustache`): empty at first,
/// and what the person entered when it comes back with a message.
struct NewDocumentForm {
    /// One recipient's row.
    struct RecipientRow {
        let number: Int
        let name: String
        let email: String
    }

    var formToken = ""
    var message: String?
    let name: String
    let recipients: [RecipientRow]
    let applySigningOrder: Bool
    /// Whether the recipients are mailed their links (else the sender hands them out).
    let byEmail: Bool
    /// Whether the server can mail at all.
    let mailsRecipients: Bool

    /// The empty form.
    init(mailsRecipients: Bool) {
        name = ""
        recipients = (1...SenderApp.recipientRows).map { RecipientRow(number: $0, name: "", email: "") }
        applySigningOrder = false
        byEmail = mailsRecipients
        self.mailsRecipients = mailsRecipients
    }

    /// The form as `parts` filled it in.
    init(parts: [MultipartPart], mailsRecipients: Bool) {
        func text(_ part: MultipartPart) -> String { String(decoding: part.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        func values(_ name: String) -> [String] { parts.filter { $0.name == name }.map(text) }
        name = values("name").first ?? ""
        let names = values("recipient_name")
        let emails = values("recipient_email")
        recipients = (0..<SenderApp.recipientRows).map { index in
            RecipientRow(
                number: index + 1, name: names.indices.contains(index) ? names[index] : "", email: emails.indices.contains(index) ? emails[index] : ""
            )
        }
        applySigningOrder = values("apply_signing_order").first == "true"
        byEmail = mailsRecipients && values("delivery").first != "links"
        self.mailsRecipients = mailsRecipients
    }

    /// The body of the API's `POST /documents` for a draft of `files` with the form's recipients.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 without a file or a recipient.
    func documentBody(files: [MultipartPart]) throws -> [String: JSONValue] {
        guard !files.isEmpty else { throw APIError(.unprocessableContent, "Choose a file to send.") }
        let rows = recipients.filter { !$0.name.isEmpty || !$0.email.isEmpty }
        guard !rows.isEmpty else { throw APIError(.unprocessableContent, "Add at least one recipient.") }
        var body: [String: JSONValue] = [
            "draft": true, "embedded_signing": .bool(!byEmail), "apply_signing_order": .bool(applySigningOrder),
            "files": .array(
                files.map { file -> JSONValue in
                    ["name": .string(file.fileName ?? "document"), "file_base64": .string(file.body.base64EncodedString())]
                }),
            "recipients": .array(
                rows.enumerated().map { index, row -> JSONValue in
                    ["id": .string("\(index + 1)"), "name": .string(row.name), "email": .string(row.email)]
                }),
        ]
        if !name.isEmpty { body["name"] = .string(name) }
        return body
    }
}
