import Accounts
import Foundation
import HTTPSupport
import HTTPTypes

extension SigningService {
    /// The templates' table, in the documents' database.
    var templates: TemplateStore { TemplateStore(database: store.database) }

    /// The template `id` if `principal` may see it (its owner or an administrator); a 404
    /// otherwise, so that other users' ids are not confirmed to exist.
    func visibleTemplate(_ id: String, for principal: Principal) async throws -> SigningTemplate {
        guard let template = try await templates.record(id: id), principal.mayAccess(ownedBy: template.ownerID) else {
            throw APIError(.notFound, "Template not found: \(id)")
        }
        return template
    }

    /// The templates `ids` name, in order, combined for making documents.
    ///
    /// - Parameter paths: Where each id is in the request, for the error of a draft.
    /// - Throws: ``HTTPSupport/APIError`` 404 for a template `principal` may not see; 422 for
    ///   a draft, which cannot be used yet.
    func usableTemplates(_ ids: [String], paths: [String], for principal: Principal) async throws -> CombinedTemplates {
        var found: [SigningTemplate] = []
        var drafts: [String: [String]] = [:]
        for (id, path) in zip(ids, paths) {
            let template = try await visibleTemplate(id, for: principal)
            if template.draft { drafts[path] = ["is a draft template; set draft to false before using it"] }
            found.append(template)
        }
        guard drafts.isEmpty else { throw APIError(.unprocessableContent, "Draft templates cannot be used.", fieldErrors: drafts) }
        return CombinedTemplates(found)
    }

    /// Creates a template: fetches and converts its files once, keeps them in the blob store,
    /// drops fields on pages the files do not have (as SignWell does), and stores it.
    func createTemplate(_ request: TemplateRequest, owner: Principal) async throws -> SigningTemplate {
        let inputs = try await intakeFiles(request.files)
        var request = request
        if request.textTags {
            request.fields = try Self.addingTextTagFields(
                to: request.fields, files: inputs, participants: request.placeholders.map { .init(id: $0.id, name: $0.name) }, requireFields: false
            )
        }
        var files: [TemplateFile] = []
        for input in inputs {
            files.append(
                TemplateFile(name: input.name, pageCount: input.pageCount, originalSHA256: input.originalSHA256, pdf: try await storePDF(input.pdf)))
        }
        let now = Date()
        let template = request.template(id: UUID().uuidString.lowercased(), ownerID: owner.userID, files: files, at: now)
        try await templates.insert(template)
        return template
    }

    /// Makes a template of `owner` named `name` from `document`: its files as they were kept
    /// when it was made, the fields on them, each recipient as a role (`roles` names each by
    /// recipient id, in signing order), and its subject, message, expiry, reminders and
    /// signing order. Fields of the signature page, checkbox groups and attachment requests are
    /// not carried over.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 409 for a document made before its files were kept, 422
    ///   for a role without a name or two roles of one name.
    func createTemplate(from document: SigningDocument, name: String, roles: [String: String], owner: Principal) async throws -> SigningTemplate {
        var files: [TemplateFile] = []
        for file in document.files {
            guard let pdf = file.pdf else {
                throw APIError(.conflict, "This document was made before its files were kept for templates; send its files again to make one.")
            }
            files.append(TemplateFile(name: file.name, pageCount: file.pageCount, originalSHA256: file.originalSHA256, pdf: pdf))
        }
        var placeholders: [TemplatePlaceholder] = []
        var keys: Set<String> = []
        for recipient in document.recipients.sorted(by: { $0.signingOrder < $1.signingOrder }) {
            let role = (roles[recipient.id] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !role.isEmpty, role.count <= 255, keys.insert(CombinedTemplates.key(role)).inserted else {
                throw APIError(.unprocessableContent, "Give every role a name of its own (at most 255 characters).")
            }
            placeholders.append(TemplatePlaceholder(id: recipient.id, name: role, signingOrder: placeholders.count + 1))
        }
        let now = Date()
        let template = SigningTemplate(
            id: UUID().uuidString.lowercased(), ownerID: owner.userID, name: name, subject: document.subject, message: document.message,
            draft: false, placeholders: placeholders, copiedPlaceholders: [], files: files,
            fields: document.fields.filter { document.files.indices.contains($0.fileIndex) }, expiresIn: document.expiresIn,
            reminders: document.reminders, applySigningOrder: document.applySigningOrder, apiApplicationID: document.apiApplicationID,
            textTags: false, redirectURL: document.redirectURL, declineRedirectURL: document.declineRedirectURL,
            allowDecline: document.allowDecline, allowReassign: document.allowReassign, language: document.language,
            metadata: document.metadata, labels: document.labels, attachmentRequests: [], checkboxGroups: [], createdAt: now, updatedAt: now,
            version: 1)
        try await templates.insert(template)
        return template
    }

    /// Applies `change` to template `id` as stored and stores the result, retrying when
    /// another request stored a change first (see ``JSONBodyTable/change(_:_:)``).
    ///
    /// - Returns: The stored template.
    func changeTemplate(_ id: String, _ change: (inout SigningTemplate) throws -> Void) async throws -> SigningTemplate {
        guard let template = try await templates.change(id, change) else { throw APIError(.notFound, "Template not found: \(id)") }
        return template
    }

    /// The files of templates read back from the blob store as intake would give them, for
    /// making documents without fetching or converting anything again.
    func intakenFiles(of files: [TemplateFile]) async throws -> [IntakeFile] {
        var inputs: [IntakeFile] = []
        for file in files {
            inputs.append(
                IntakeFile(name: file.name, pdf: try await loadPDF(file.pdf), pageCount: file.pageCount, originalSHA256: file.originalSHA256))
        }
        return inputs
    }
}
