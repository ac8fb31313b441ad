import Foundation

/// SignWell's list `query` parameter: terms joined by ` AND `, such as
/// `name:Classic AND status:completed`.
///
/// `name:` asks for names that contain the text (quotes allowed around it), and a term without
/// a key is taken as a name when no `name:` term came before it; `status:` names one state.
/// Terms on other keys are ignored, as SignWell ignores filters it does not know.
enum ListQuery {
    /// The filter `query` asks for.
    ///
    /// - Parameter status: The value of the `status` column that a `status:` term's value (as
    ///   written, without quotes) names; it throws for a value that names no state.
    static func filter(_ query: String?, status: (String) throws -> String) throws -> ListFilter {
        var filter = ListFilter()
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
            case "status": filter.status = try status(value)
            default: continue
            }
        }
        return filter
    }

    /// `text` without the white space and the double quotes around it.
    private static func unquoted(_ text: String) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        return value
    }
}
