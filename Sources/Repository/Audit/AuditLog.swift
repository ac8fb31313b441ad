import Foundation
import JSON
import SQLKit
import Storage

/// The SQL statements over `repo_audit_entries`, the durable audit of document events. Each
/// takes the connection (or transaction) to run on, so that an event is recorded in the same
/// transaction as the change it tells of.
enum AuditLog {
    /// Records `event` on `document` (as it is after the event), caused by `principal`: one insert.
    static func record(_ event: AuditEvent, on document: Document, by principal: String, in sql: any SQLDatabase) async throws {
        try await sql.raw(try entry(event, on: document, by: principal)).run()
    }

    /// The statement that records `event` on `document` by `principal`, now.
    static func entry(_ event: AuditEvent, on document: Document, by principal: String) throws -> SQLQueryString {
        let now = Date()
        let extended = String(decoding: try encoder.encode(event.extended), as: UTF8.self)
        // SQL text rather than a built query: every change runs it, and the builder quoted
        // each column name again every time.
        return """
            INSERT INTO repo_audit_entries (document_id, event_id, category, principal_name, comment, doc_path, doc_type, \
            doc_lifecycle, repository_id, event_date, log_date, extended) VALUES (\(bind: document.id), \(bind: event.id), \
            \(bind: event.category), \(bind: principal), \(bind: event.comment), \(bind: document.path), \(bind: document.type), \
            \(bind: document.state), \(bind: Repository.name), \(bind: now), \(bind: now), \(bind: extended))
            """
    }

    /// The entries of the document `documentID` that `filter` keeps, newest first, from
    /// `start`, at most `limit`, and how many it keeps in all.
    static func entries(
        of documentID: String, matching filter: AuditFilter, start: Int, limit: Int, in sql: any SQLDatabase
    ) async throws -> (entries: [AuditEntry], total: Int) {
        let rows = try await filtered(sql.select().columns(AuditEntryRow.columns), documentID, filter)
            .orderBy("id", .descending).offset(start).limit(limit).all(decoding: AuditEntryRow.self)
        let total =
            try await filtered(sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total"), documentID, filter)
            .first()?.decode(column: "total", as: Int.self) ?? 0
        return (try rows.map { try $0.entry() }, total)
    }

    /// `select` over the entries of `documentID` that `filter` keeps.
    private static func filtered(_ select: SQLSelectBuilder, _ documentID: String, _ filter: AuditFilter) -> SQLSelectBuilder {
        select.from("repo_audit_entries").where("document_id", .equal, documentID)
        if !filter.eventIDs.isEmpty { select.where("event_id", .in, filter.eventIDs) }
        if !filter.categories.isEmpty { select.where("category", .in, filter.categories) }
        if !filter.principalNames.isEmpty { select.where("principal_name", .in, filter.principalNames) }
        if let start = filter.start { select.where("event_date", .greaterThanOrEqual, start) }
        if let end = filter.end { select.where("event_date", .lessThanOrEqual, end) }
        return select
    }

    /// Writes the extended information with its keys in order, so equal information is equal text.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
