import Foundation
import HTTPSupport
import HTTPTypes

/// SignWell's template list `query`: terms such as `name:Lease AND status:Available`.
///
/// `name:` matches templates whose name contains the text (quotes allowed around it),
/// `status:` is `Available` or `Draft`, case-insensitively; terms on other keys are ignored,
/// as SignWell ignores filters it does not know.
enum TemplateQuery {
    /// The filter a query asks for.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for an unknown status.
    static func filter(_ query: String?) throws -> TemplateStore.ListFilter {
        var filter = TemplateStore.ListFilter()
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
                guard let status = ["Available", "Draft"].first(where: { $0.lowercased() == value.lowercased() }) else {
                    throw APIError(.unprocessableContent, "unknown status \(value)", fieldErrors: ["query": ["status must be Available or Draft"]])
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
