import Accounts
import Foundation
import HTTPSupport
import HTTPTypes

extension SigningService {
    /// The bulk sends' tables, in the documents' database.
    var bulkSends: BulkSendStore { BulkSendStore(database: store.database) }

    /// The bulk send `id` if `principal` may see it (its owner or an administrator); a 404
    /// otherwise.
    func visibleBulkSend(_ id: String, for principal: Principal) async throws -> BulkSend {
        guard let bulkSend = try await bulkSends.bulkSend(id: id), principal.mayAccess(ownedBy: bulkSend.ownerID) else {
            throw APIError(.notFound, "Bulk send not found: \(id)")
        }
        return bulkSend
    }

    /// Makes one document for each of `rows` from the templates of `sheet`, each sent as
    /// ``create(_:files:owner:baseURL:client:templateIDs:)`` sends it, reading the templates'
    /// files once for all; then stores the bulk send that lists them.
    ///
    /// The documents are made one after another before the answer, so a client that is
    /// answered 201 finds every one of them (SignWell answers `Enqueuing` and makes them
    /// later). The rows were checked beforehand, so only a failure of the server itself can
    /// stop the loop halfway; the documents made until then stay, without a bulk send.
    ///
    /// - Parameters:
    ///   - name: The bulk send's name; `nil` takes the first template's.
    ///   - skipped: The rows left out for their errors, which the bulk send records.
    ///   - options: What each document is made with besides its recipients and values.
    func createBulkSend(
        name: String?, sheet: BulkSendSheet, rows: [BulkSendSheet.Row], skipped: [BulkSendSheet.RowError],
        options: TemplateDocumentOptions, owner: Principal, baseURL: String, client: ClientInfo
    ) async throws -> BulkSend {
        let combined = sheet.combined
        let files = try await intakenFiles(of: combined.files)
        let templateIDs = combined.templates.map(\.id)
        var documentIDs: [String] = []
        for row in rows {
            let request = combined.documentRequest(recipients: row.recipients, excluded: [], values: row.values, options: options)
            let document = try await create(request, files: files, owner: owner, baseURL: baseURL, client: client, templateIDs: templateIDs)
            documentIDs.append(document.id)
        }
        let bulkSend = BulkSend(
            id: UUID().uuidString.lowercased(), ownerID: owner.userID,
            name: name ?? combined.templates.first?.name ?? "Bulk send",
            templates: combined.templates.map { BulkSend.Template(id: $0.id, name: $0.name ?? $0.files.first?.name ?? $0.id) },
            apiApplicationID: options.apiApplicationID ?? combined.templates.first?.apiApplicationID,
            skippedRows: skipped.map { BulkSend.SkippedRow(row: $0.number, errors: $0.errors) },
            createdAt: Date()
        )
        try await bulkSends.insert(bulkSend, documentIDs: documentIDs)
        return bulkSend
    }
}
