import Foundation
import HTTPTypes
import HTTPSupport

/// SignWell's document list `query`: terms such as `name:Classic AND status:completed`.
///
/// `name:` matches documents whose name contains the text (quotes allowed around it), `status:`
/// one state by its SignWell name; terms on other keys are ignored, as SignWell ignores
/// filters it does not know.
enum DocumentQuery {
    /// The filter a query asks for.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for an unknown status.
    static func filter(_ query: String?) throws -> DocumentStore.ListFilter {
        var filter = DocumentStore.ListFilter()
        guard let query, !query.trimmingCharacters(in: .whitespaces).isEmpty else { return filter }
        for term in query.components(separatedBy: " AND ") {
            let parts = term.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else {
                if filter.nameContains == nil { filter.nameContains = unquoted(term) }
                continue
            }
            let value = unquoted(String(parts[1]))
            switch parts[0].trimmingCharacters(in: .whitespaces).lowercased() {
            case "name": filter.nameContains = value
            case "status":
                guard let status = DocumentStatus(queryValue: value) else {
                    throw APIError(.unprocessableContent, "unknown status \(value)", fieldErrors: [
                        "query": ["status must be one of: " + DocumentStatus.allCases.map(\.rawValue).joined(separator: ", ")],
                    ])
                }
                filter.status = status
            default: continue
            }
        }
        return filter
    }

    private static func unquoted(_ text: String) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        return value
    }
}
