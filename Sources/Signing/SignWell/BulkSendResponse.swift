import HTTPSupport
import Hummingbird

/// A bulk send as the SignWell API returns it. One object serves as `BulkSendCreateResponse`,
/// `BulkSendResponse` and `BulkSendListItem`, which differ only in which of its members they
/// require: the ``BulkSendSummary`` members, `template_ids`, `templates` (`[{id, name}]`),
/// `documents_count`, `documents_completed`, `documents_not_completed`, plus Chancery's
/// `skipped_rows` (`[{row, errors}]`, the CSV rows `skip_row_errors` left out).
struct BulkSendResponse: ResponseEncodable, Sendable {
    /// A template the documents were made from.
    struct Template: Encodable, Sendable {
        /// The template's id.
        let id: String
        /// Its name.
        let name: String
    }

    /// A CSV row that made no document.
    struct SkippedRow: Encodable, Sendable {
        /// The row, counted from 1 with the header as row 1.
        let row: Int
        /// What is wrong with it.
        let errors: [String]
    }

    /// The members every answer about the bulk send carries.
    let summary: BulkSendSummary
    /// The templates the documents were made from, in order.
    let templates: [Template]
    /// The documents made.
    let documentsCount: Int
    /// Those of them completed.
    let documentsCompleted: Int
    /// The rows left out.
    let skippedRows: [SkippedRow]

    enum CodingKeys: String, CodingKey {
        case templates
        case templateIDs = "template_ids"
        case documentsCount = "documents_count"
        case documentsCompleted = "documents_completed"
        case documentsNotCompleted = "documents_not_completed"
        case skippedRows = "skipped_rows"
    }

    /// `bulkSend`, whose documents `counts` counts.
    init(_ bulkSend: BulkSend, counts: BulkSendStore.Counts) {
        summary = BulkSendSummary(bulkSend, counts: counts)
        templates = bulkSend.templates.map { Template(id: $0.id, name: $0.name) }
        documentsCount = counts.documents
        documentsCompleted = counts.completed
        skippedRows = bulkSend.skippedRows.map { SkippedRow(row: $0.row, errors: $0.errors) }
    }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(templates.map(\.id), forKey: .templateIDs)
        try container.encode(templates, forKey: .templates)
        try container.encode(documentsCount, forKey: .documentsCount)
        try container.encode(documentsCompleted, forKey: .documentsCompleted)
        try container.encode(documentsCount - documentsCompleted, forKey: .documentsNotCompleted)
        try container.encode(skippedRows, forKey: .skippedRows)
    }
}
