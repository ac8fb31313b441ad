import SQLKit
import Synchronization

/// Statements every transaction of a ``Database`` runs after its own work and before its
/// `COMMIT`, inside the transaction: work that changes leave for once a transaction, such as
/// the repository's full-text entries on SQLite (see ``Database/runBeforeEachCommit(named:_:)``).
final class StatementsBeforeCommit: Sendable {
    private let entries = Mutex<[(name: String, statements: [any SQLExpression])]>([])

    /// Adds `statements` under `name`, replacing what `name` had.
    func set(_ statements: [any SQLExpression], named name: String) {
        entries.withLock { entries in
            entries.removeAll { $0.name == name }
            entries.append((name, statements))
        }
    }

    /// Every statement, in the order their names were first added.
    var all: [any SQLExpression] { entries.withLock { $0.flatMap(\.statements) } }
}
