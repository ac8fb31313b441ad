import HTTPSupport
import HTTPTypes

/// SignWell's document list `query` (see ``ListQuery``): `status:` takes a document state by
/// its SignWell name, case-insensitively.
enum DocumentQuery {
    /// The filter a query asks for.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for an unknown status.
    static func filter(_ query: String?) throws -> ListFilter {
        try ListQuery.filter(query) { value in
            guard let status = DocumentStatus(queryValue: value) else {
                throw APIError(
                    .unprocessableContent, "unknown status \(value)",
                    fieldErrors: [
                        "query": ["status must be one of: " + DocumentStatus.allCases.map(\.rawValue).joined(separator: ", ")]
                    ])
            }
            return status.rawValue
        }
    }
}
