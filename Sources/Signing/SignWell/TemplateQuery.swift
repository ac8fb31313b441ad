import HTTPSupport
import HTTPTypes

/// SignWell's template list `query` (see ``ListQuery``): `status:` is `Available` or `Draft`,
/// case-insensitively.
enum TemplateQuery {
    /// The filter a query asks for.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for an unknown status.
    static func filter(_ query: String?) throws -> ListFilter {
        try ListQuery.filter(query) { value in
            guard let status = ["Available", "Draft"].first(where: { $0.lowercased() == value.lowercased() }) else {
                throw APIError(.unprocessableContent, "unknown status \(value)", fieldErrors: ["query": ["status must be Available or Draft"]])
            }
            return status
        }
    }
}
