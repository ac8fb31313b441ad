import NXQL
import SQLKit

/// Compiled NXQL as an SQLKit expression: text written as is, binds as the engine's
/// placeholders (`?` on SQLite, `$n` on PostgreSQL).
struct SQLPieces: SQLExpression {
    /// The pieces, in order.
    let pieces: [SQLPiece]

    func serialize(to serializer: inout SQLSerializer) {
        for piece in pieces {
            switch piece {
            case .sql(let text): serializer.write(text)
            case .bind(.text(let value)): serializer.write(bind: value)
            case .bind(.integer(let value)): serializer.write(bind: value)
            case .bind(.double(let value)): serializer.write(bind: value)
            }
        }
    }
}
