import Foundation
import JSON
import Storage

/// A `repo_audit_entries` row, decoded by column name.
struct AuditEntryRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case documentID = "document_id"
        case eventID = "event_id"
        case category
        case principalName = "principal_name"
        case comment
        case documentPath = "doc_path"
        case documentType = "doc_type"
        case documentLifeCycle = "doc_lifecycle"
        case repositoryID = "repository_id"
        case eventDate = "event_date"
        case logDate = "log_date"
        case extended
    }

    /// The entry's id, in logging order.
    let id: Int64
    /// The document's id.
    let documentID: String
    /// The event's id.
    let eventID: String
    /// The event's category.
    let category: String
    /// Who caused the event.
    let principalName: String
    /// The entry's comment, if any.
    let comment: String?
    /// The document's path then.
    let documentPath: String
    /// The document's type.
    let documentType: String
    /// The document's lifecycle state then, if it had one.
    let documentLifeCycle: String?
    /// The repository's name.
    let repositoryID: String
    /// When the event happened.
    let eventDate: Date
    /// When it was logged.
    let logDate: Date
    /// The event's extended information, as the JSON text of an object.
    let extended: String

    /// The entry the row holds.
    ///
    /// - Throws: `DecodingError` when ``extended`` is not the JSON text of an object.
    func entry() throws -> AuditEntry {
        AuditEntry(
            id: id,
            event: AuditEvent(
                id: eventID, category: category, comment: comment,
                extended: try JSONValue.parseObject(extended.utf8)
            ),
            principalName: principalName, documentID: documentID, documentPath: documentPath, documentType: documentType,
            documentLifeCycle: documentLifeCycle, repositoryID: repositoryID, eventDate: eventDate, logDate: logDate
        )
    }
}
