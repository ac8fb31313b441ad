import Foundation
import SQLKit

/// A filter of a list of ``VersionedRecord``s, over their `name` and `status` columns; SignWell's
/// list `query` asks for one (see ``ListQuery``).
struct ListFilter: Sendable {
    /// Only records whose name contains this text, case-insensitively.
    var nameContains: String?
    /// Only records whose `status` column holds this value.
    var status: String?

    /// The filter as SQL conditions, each of which a record must meet.
    var conditions: [any SQLExpression] {
        var conditions: [any SQLExpression] = []
        if let status { conditions.append(SQLBinaryExpression(SQLColumn("status"), .equal, SQLBind(status))) }
        if let nameContains {
            let pattern =
                "%"
                + nameContains.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            conditions.append(SQLQueryString("LOWER(name) LIKE \(bind: pattern) ESCAPE '\\'"))
        }
        return conditions
    }
}
