/// A boolean SQL expression, and whether it can evaluate to NULL.
///
/// NXQL has two-valued logic: `NOT p` holds exactly where `p` does not. SQL's NULL would
/// make `NOT (x = 1)` fail where `x` is missing, so ``negated`` wraps expressions that can
/// be NULL in `COALESCE(…, FALSE)` first. A missing value therefore never equals anything,
/// and `<>`, `NOT IN`, `NOT LIKE` and `IS NOT NULL` — the negations of their positive
/// forms — hold for documents that lack the property, as in Nuxeo's document stores.
struct SQLCondition: Sendable, Hashable {
    /// The expression.
    var sql: SQLFragment

    /// Whether the expression can be NULL (SQL's unknown), which a WHERE clause treats as false.
    var canBeNull: Bool

    /// A condition that always holds.
    static let always = SQLCondition(sql: "1=1", canBeNull: false)

    /// A condition that never holds: unknown properties and impossible comparisons.
    static let never = SQLCondition(sql: "1=0", canBeNull: false)

    /// The exact complement of the condition.
    var negated: SQLCondition {
        if self == .always { return .never }
        if self == .never { return .always }
        let sql: SQLFragment = canBeNull ? "NOT COALESCE(\(self.sql), FALSE)" : "NOT (\(self.sql))"
        return SQLCondition(sql: sql, canBeNull: false)
    }

    /// A condition that holds when all of `conditions` hold (always, when there are none).
    static func all(_ conditions: [SQLCondition]) -> SQLCondition {
        combine(conditions, with: "AND", identity: .always, absorbing: .never)
    }

    /// A condition that holds when any of `conditions` holds (never, when there are none).
    static func any(_ conditions: [SQLCondition]) -> SQLCondition {
        combine(conditions, with: "OR", identity: .never, absorbing: .always)
    }

    /// The conditions joined with `keyword`, dropping `identity` operands and collapsing to
    /// `absorbing` when one operand is.
    private static func combine(
        _ conditions: [SQLCondition], with keyword: String, identity: SQLCondition, absorbing: SQLCondition
    ) -> SQLCondition {
        let operands = conditions.filter { $0 != identity }
        if operands.contains(absorbing) { return absorbing }
        guard operands.count > 1 else { return operands.first ?? identity }
        // Operands need no parentheses of their own: leaves are comparisons, `NOT …`, `EXISTS …`
        // or `… IN (…)`, all binding tighter than AND and OR, and combinations come parenthesized.
        let sql = SQLFragment(joining: operands.map(\.sql), separator: " \(keyword) ")
        return SQLCondition(sql: "(\(sql))", canBeNull: operands.contains { $0.canBeNull })
    }
}
