import Foundation
import SQLKit

/// `LOWER(column) LIKE '%text%'` with the pattern characters of `text` escaped: a
/// case-insensitive substring test that means the same on SQLite and PostgreSQL.
struct SQLContains: SQLExpression {
    /// The column searched.
    let column: String
    /// The text it must contain.
    let text: String

    func serialize(to serializer: inout SQLSerializer) {
        let escaped = text.lowercased()
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        SQLQueryString("LOWER(\(ident: column)) LIKE \(bind: "%" + escaped + "%") ESCAPE '\\'").serialize(to: &serializer)
    }
}
