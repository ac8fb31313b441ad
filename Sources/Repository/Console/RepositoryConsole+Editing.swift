import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// The console's changes, for a person signed in with the browser (every form carries the
/// session's form token): each acts through the ``Repository`` API with the person's own
/// ``AccessChecker``, so what their ACLs refuse is a 403 page, exactly as through the API.
///
/// - `POST /repository/folder/{id}/create` (`type`, `title`, `description`): a new document
///   in the folder; the answer goes to its page.
/// - `POST /repository/folder/{id}/upload`: the body is one file (`X-File-Name`, percent-encoded;
///   `Content-Type`), which becomes a `File` in the folder; answered 201 with its page in
///   `Location` (the page's script sends files this way to show progress).
/// - `POST /repository/document/{id}/file`: the body replaces the document's main file, 201.
/// - `POST /repository/document/{id}/properties`: the document's text properties, each field
///   named by its key (`dc:title`, `dc:description`, `note:note`, …); an empty one is cleared.
/// - `POST /repository/document/{id}/permissions` (`principal`, `permission`,
///   `block_inheritance`), and `POST …/permissions/remove` (`entry`, an entry's id).
/// - `POST /repository/document/{id}/trash`, `…/restore`, `…/lock`, `…/unlock`.
extension RepositoryConsole {
    /// The permissions the console's forms offer to grant, weakest first.
    static let grantedPermissions = [Permission.read, Permission.readWrite, Permission.everything]

    /// Adds the routes of the changes to `changes`, a group that takes only the browser's
    /// sign-in and its form token.
    func addEditing(to changes: RouterGroup<ChanceryRequestContext>) {
        changes.post("folder/:id/create") { request, context in try await create(request, context: context) }
        changes.post("folder/:id/upload") { request, context in try await uploadIntoFolder(request, context: context) }
        changes.post("document/:id/file") { request, context in try await replaceFile(request, context: context) }
        changes.post("document/:id/properties") { request, context in
            let (document, checker) = try await Self.target(of: context, in: repository)
            let fields = try await request.submittedForm()
            var properties: [String: JSONValue] = [:]
            for key in DocumentEditingForms.editableKeys(of: repository.schemas(of: document)) {
                guard let value = fields[key] else { continue }
                let text = key == "dc:title" ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
                properties[key] = text.isEmpty ? .null : .string(text)
            }
            guard properties["dc:title"] != .null else { throw APIError(.badRequest, "A document needs a title.") }
            guard !properties.isEmpty else { throw APIError(.badRequest, "The form changes no property of this document.") }
            let updated = try await repository.update(document, properties: properties, for: checker)
            return ConsolePageResponse.redirect(to: ConsoleLink.document(id: updated.id))
        }
        changes.post("document/:id/permissions") { request, context in
            let (document, checker) = try await Self.target(of: context, in: repository)
            let fields = try await request.submittedForm()
            let principal = (fields["principal"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !principal.isEmpty else { throw APIError(.badRequest, "Say which user or group the permission is for.") }
            guard let permission = fields["permission"], Self.grantedPermissions.contains(permission) else {
                throw APIError(.badRequest, "Choose Read, ReadWrite or Everything.")
            }
            let isUser = try await accounts.user(named: principal) != nil
            let isGroup = try await accounts.group(named: principal) != nil
            guard isUser || isGroup else {
                throw APIError(.badRequest, "There is no user or group named \(principal).")
            }
            let entry = AccessControlEntry(principal: principal, permission: permission, isGranted: true, creator: checker.userName)
            _ = try await repository.addPermissions(
                [entry], to: document, blockInheritance: fields["block_inheritance"] == "true", for: checker)
            return ConsolePageResponse.redirect(to: ConsoleLink.document(id: document.id))
        }
        changes.post("document/:id/permissions/remove") { request, context in
            let (document, checker) = try await Self.target(of: context, in: repository)
            guard let entry = try await request.submittedForm()["entry"], !entry.isEmpty else {
                throw APIError(.badRequest, "Say which entry to remove.")
            }
            if entry == AccessControlEntry.blockInheritance.id {
                _ = try await repository.unblockInheritance(of: document, for: checker)
            } else {
                _ = try await repository.removePermissions(id: entry, principal: nil, permission: nil, from: document, for: checker)
            }
            return ConsolePageResponse.redirect(to: ConsoleLink.document(id: document.id))
        }
        changes.post("document/:id/:change") { _, context in
            let (document, checker) = try await Self.target(of: context, in: repository)
            switch try context.parameters.require("change") {
            case "trash": _ = try await repository.setTrashed(true, document, for: checker)
            case "restore": _ = try await repository.setTrashed(false, document, for: checker)
            case "lock": _ = try await repository.lock(document, for: checker)
            case "unlock": _ = try await repository.unlock(document, for: checker)
            default: throw APIError(.notFound, "There is no such change of a document.")
            }
            return ConsolePageResponse.redirect(to: ConsoleLink.document(id: document.id))
        }
    }

    /// `POST …/folder/{id}/create`: a document of the chosen type in the folder.
    private func create(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (folder, checker) = try await Self.target(of: context, in: repository)
        let fields = try await request.submittedForm()
        let title = (fields["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw APIError(.badRequest, "A document needs a title.") }
        let type = fields["type"] ?? ""
        guard repository.type(of: folder).subtypes.contains(type) else {
            throw APIError(.badRequest, "A \(folder.type) cannot hold a document of type \(type.isEmpty ? "(none)" : type).")
        }
        var properties: [String: JSONValue] = ["dc:title": .string(title)]
        if let description = fields["description"], !description.isEmpty { properties["dc:description"] = .string(description) }
        let created = try await repository.create(type: type, name: nil, properties: properties, in: folder, for: checker)
        return ConsolePageResponse.redirect(to: ConsoleLink.document(id: created.id))
    }

    /// `POST …/folder/{id}/upload`: the body becomes a `File` in the folder.
    private func uploadIntoFolder(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (folder, checker) = try await Self.target(of: context, in: repository)
        guard repository.type(of: folder).subtypes.contains("File") else {
            throw APIError(.badRequest, "A \(folder.type) cannot hold files.")
        }
        try await repository.require(Permission.addChildren, on: folder, for: checker)
        let created = try await withUploadedFile(of: request, for: checker) { blob in
            try await repository.create(
                type: "File", name: nil, properties: ["dc:title": .string(blob.name), "file:content": blob.stored], in: folder,
                serverBlobs: [blob], for: checker)
        }
        return Response(status: .created, headers: [.location: ConsoleLink.document(id: created.id)])
    }

    /// `POST …/document/{id}/file`: the body replaces the main file.
    private func replaceFile(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (document, checker) = try await Self.target(of: context, in: repository)
        guard repository.schemas(of: document).contains(where: { $0.name == "file" }) else {
            throw APIError(.badRequest, "A \(document.type) holds no file.")
        }
        try await repository.require(Permission.writeProperties, on: document, for: checker)
        _ = try await withUploadedFile(of: request, for: checker) { blob in
            try await repository.attach(blob, to: document, xpath: "file:content", for: checker)
        }
        return Response(status: .created, headers: [.location: ConsoleLink.document(id: document.id)])
    }

    /// Stores the body of `request`, one file named by `X-File-Name` (as the page's script sends
    /// it), for the person of `checker`, and runs `use` with its blob
    /// (``UploadBatches/withSingleFile(named:declaredType:totalSize:body:owner:_:)``).
    private func withUploadedFile<Result>(
        of request: Request, for checker: AccessChecker, _ use: (BlobInfo) async throws -> Result
    ) async throws -> Result {
        try await repository.uploads.withSingleFile(
            named: try UploadedFileName.decode(request.headers[.xFileName]), declaredType: request.headers[.contentType],
            totalSize: request.headers[.contentLength].flatMap { Int64($0) }, body: request.body, owner: checker.principal, use)
    }

    /// The document the path names, read as the person signed in, and their checks.
    private static func target(of context: ChanceryRequestContext, in repository: Repository) async throws -> (Document, AccessChecker) {
        let checker = AccessChecker(principal: try context.requirePrincipal())
        return (try await repository.document(.id(context.parameters.require("id")), for: checker), checker)
    }

}
