import Foundation
import JSON

/// Writes bulk sends as the SignWell API returns them. One object serves as
/// `BulkSendCreateResponse`, `BulkSendResponse` and `BulkSendListItem`, which differ only in
/// which of its members they require: `id`, `name`, `template_ids`, `templates`
/// (`[{id, name}]`), `api_application_id`, `documents_count`, `documents_completed`,
/// `documents_not_completed`, `created_at`, `user_id` (the owner) and `status` (`Completed`
/// once every document is, `Sent` before), plus Chancery's `skipped_rows` (`[{row, errors}]`,
/// the CSV rows `skip_row_errors` left out).
struct BulkSendRenderer: Sendable {
    /// The bulk send with its document counts.
    func render(_ bulkSend: BulkSend, counts: BulkSendStore.Counts) -> JSONValue {
        var object = header(bulkSend, counts: counts)
        object["template_ids"] = .array(bulkSend.templates.map { .string($0.id) })
        object["templates"] = .array(bulkSend.templates.map { .object(["id": .string($0.id), "name": .string($0.name)]) })
        object["documents_count"] = .integer(counts.documents)
        object["documents_completed"] = .integer(counts.completed)
        object["documents_not_completed"] = .integer(counts.documents - counts.completed)
        object["skipped_rows"] = .array(
            bulkSend.skippedRows.map { .object(["row": .integer($0.row), "errors": .array($0.errors.map(JSONValue.string))]) })
        return .object(object)
    }

    /// The members a `BulkSendDocumentsResponse` shares with the bulk send itself.
    func header(_ bulkSend: BulkSend, counts: BulkSendStore.Counts) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "id": .string(bulkSend.id),
            "name": .string(bulkSend.name),
            "created_at": .string(DocumentRenderer.timestamp(bulkSend.createdAt)),
            "user_id": .string(bulkSend.ownerID),
            "status": .string(counts.documents > 0 && counts.completed == counts.documents ? "Completed" : "Sent"),
        ]
        object["api_application_id"] = bulkSend.apiApplicationID.map(JSONValue.string)
        return object
    }

    /// Rows of a CSV file that cannot make documents, in SignWell's shape:
    /// `{"errors": {"bulk_send_csv": [{"row": 2, "data": {column: cell}, "errors": [message]}]}}`.
    func rowErrors(_ errors: [BulkSendSheet.RowError]) -> JSONValue {
        .object([
            "errors": .object([
                "bulk_send_csv": .array(
                    errors.map { error in
                        .object([
                            "row": .integer(error.number),
                            "data": .object(error.data.mapValues(JSONValue.string)),
                            "errors": .array(error.errors.map(JSONValue.string)),
                        ])
                    })
            ])
        ])
    }
}
