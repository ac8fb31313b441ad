/// A WHERE condition.
///
/// `AND` and `OR` chains are kept flat (`a AND b AND c` is one `.and` with three operands), so
/// the tree is only as deep as the query's parentheses and `NOT`s, which the parser bounds.
public indirect enum NXQLPredicate: Sendable, Hashable, CustomStringConvertible {
    /// All operands hold.
    case and([NXQLPredicate])
    /// At least one operand holds.
    case or([NXQLPredicate])
    /// The operand does not hold.
    case not(NXQLPredicate)
    /// `property operator value`, for example `dc:title LIKE 'a%'`.
    case comparison(NXQLProperty, NXQLComparisonOperator, NXQLValue)
    /// `property [NOT] IN (values)`; the list is never empty when parsed.
    case inList(NXQLProperty, [NXQLValue], negated: Bool)
    /// `property [NOT] BETWEEN low AND high`, bounds included.
    case between(NXQLProperty, NXQLValue, NXQLValue, negated: Bool)
    /// `property IS [NOT] NULL`.
    case isNull(NXQLProperty, negated: Bool)

    /// The predicate in canonical NXQL: nested `AND`/`OR` operands are parenthesized, so the
    /// text parses back to an equal predicate.
    public var description: String {
        switch self {
        case .and(let operands):
            return operands.map(\.operandDescription).joined(separator: " AND ")
        case .or(let operands):
            return operands.map(\.operandDescription).joined(separator: " OR ")
        case .not(let operand):
            return "NOT \(operand.operandDescription)"
        case .comparison(let property, let comparison, let value):
            return "\(property) \(comparison) \(value)"
        case .inList(let property, let values, let negated):
            let list = values.map(\.description).joined(separator: ", ")
            return "\(property) \(negated ? "NOT IN" : "IN") (\(list))"
        case .between(let property, let low, let high, let negated):
            return "\(property) \(negated ? "NOT BETWEEN" : "BETWEEN") \(low) AND \(high)"
        case .isNull(let property, let negated):
            return "\(property) \(negated ? "IS NOT NULL" : "IS NULL")"
        }
    }

    /// The predicate as the operand of `AND`, `OR` or `NOT`: in parentheses when it is itself
    /// an `AND` or an `OR`.
    private var operandDescription: String {
        switch self {
        case .and, .or:
            return "(\(self))"
        default:
            return description
        }
    }
}
