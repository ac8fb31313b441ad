import HTTPSupport
import Hummingbird

/// Rows of a CSV file that cannot make documents, in SignWell's shape:
/// `{"errors": {"bulk_send_csv": [{"row": 2, "data": {column: cell}, "errors": [message]}]}}`.
struct BulkSendRowErrorsResponse: ResponseEncodable, Sendable {
    /// The `errors` member.
    struct Errors: Encodable, Sendable {
        /// The rows.
        let bulkSendCSV: [Row]

        enum CodingKeys: String, CodingKey {
            case bulkSendCSV = "bulk_send_csv"
        }
    }

    /// A row that cannot make a document.
    struct Row: Encodable, Sendable {
        /// The row, counted from 1 with the header as row 1.
        let row: Int
        /// Its cells by column name.
        let data: [String: String]
        /// What is wrong with it.
        let errors: [String]
    }

    /// The rows, under `errors.bulk_send_csv`.
    let errors: Errors

    /// The rows of `rowErrors`.
    init(_ rowErrors: [BulkSendSheet.RowError]) {
        errors = Errors(bulkSendCSV: rowErrors.map { Row(row: $0.number, data: $0.data, errors: $0.errors) })
    }
}
