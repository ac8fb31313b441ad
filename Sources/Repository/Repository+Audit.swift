import Foundation
import SQLKit
import Storage

/// The audit: every change to a document is committed together with one entry telling of it
/// (Nuxeo's event ids and categories), and a reader of a document may read its history.
extension Repository {
    /// Runs `body` in one transaction and records, in that same transaction, the event
    /// `event` makes of the document `body` returns (as it is after the change), caused by
    /// `principal`. Every change a user makes to a document goes through here, so none is committed
    /// unaudited (the bootstrap layout and the read-ACL ids derived from ACLs are not such changes).
    func commit(
        recording event: (Document) -> AuditEvent, by principal: String, _ body: (any SQLDatabase) async throws -> Document
    ) async throws -> Document {
        try await database.withTransaction { sql in
            let document = try await body(sql)
            try await AuditLog.record(event(document), on: document, by: principal, in: sql)
            return document
        }
    }

    /// Records that the caller downloaded the blob at `xpath` of `document`, which they may read.
    public func recordDownload(of blob: BlobInfo, at xpath: String, of document: Document, for checker: AccessChecker) async throws {
        try await database.withConnection { sql in
            try await AuditLog.record(.download(blob, xpath: xpath), on: document, by: checker.userName, in: sql)
        }
    }

    /// The entries of the history of `document` that `filter` keeps, newest first, for the
    /// page `page` asks for, and how many it keeps in all.
    ///
    /// - Throws: ``RepositoryError/forbidden(permission:path:)`` unless the caller may read `document`.
    public func auditEntries(
        of document: Document, matching filter: AuditFilter, page: PageRequest, for checker: AccessChecker
    ) async throws -> (entries: [AuditEntry], total: Int) {
        try await require(Permission.read, on: document, for: checker)
        return try await database.withReadConnection { sql in
            try await AuditLog.entries(of: document.id, matching: filter, start: page.start, limit: page.limit, in: sql)
        }
    }
}
