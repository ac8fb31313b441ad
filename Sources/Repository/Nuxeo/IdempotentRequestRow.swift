import Foundation
import Storage

/// The state columns of a `repo_idempotent_requests` row, decoded by column name.
struct IdempotentRequestRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case completed, status, headers, body
    }

    /// 1 once the request was answered, 0 while it is in progress.
    let completed: Int
    /// The answer's status code.
    let status: Int
    /// The answer's header fields, as the JSON text of an array of name-value pairs.
    let headers: String
    /// The answer's body, if it has one.
    let body: Data?

    /// The answer the row keeps; `nil` while the request is in progress.
    ///
    /// - Throws: `DecodingError` when ``headers`` is not the JSON text of an array of pairs.
    func answer() throws -> IdempotentRequests.Answer? {
        guard completed == 1 else { return nil }
        return IdempotentRequests.Answer(
            status: status, headers: try JSONDecoder().decode([[String]].self, from: Data(headers.utf8)), body: body ?? Data())
    }
}
