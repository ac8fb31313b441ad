/// What a leaf condition asks of a property, in positive form: `<>`, `NOT LIKE`, `NOT IN`,
/// `NOT BETWEEN` and `IS NOT NULL` are the negations of `=`, `LIKE`, `IN`, `BETWEEN` and
/// `IS NULL`, so that they are exact complements (see ``SQLCondition``).
enum LeafTest: Sendable, Hashable {
    /// An SQL comparison operator.
    enum Comparison: String, Sendable, Hashable {
        /// `=`.
        case equal = "="
        /// `<`.
        case less = "<"
        /// `<=`.
        case lessOrEqual = "<="
        /// `>`.
        case greater = ">"
        /// `>=`.
        case greaterOrEqual = ">="

        /// The operator as SQL.
        var sql: SQLFragment { SQLFragment(stringLiteral: rawValue) }
    }

    /// `=`, `<`, `<=`, `>`, `>=`.
    case compare(Comparison, LiteralValue)
    /// `LIKE` or `ILIKE`.
    case like(LikePattern, ignoringCase: Bool)
    /// `STARTSWITH`.
    case startsWith(LiteralValue)
    /// `IN`.
    case among([LiteralValue])
    /// `BETWEEN`.
    case between(LiteralValue, LiteralValue)
    /// `IS NULL`.
    case isMissing

    /// The positive test of an NXQL operator applied to `literal`, and whether the operator
    /// negates it (`<>` is the negation of `=`, `NOT LIKE` of `LIKE`, `NOT ILIKE` of `ILIKE`).
    static func positiveForm(
        of comparison: NXQLComparisonOperator, _ literal: LiteralValue
    ) -> (
        test: LeafTest, negated: Bool
    ) {
        switch comparison {
        case .equal: return (.compare(.equal, literal), false)
        case .notEqual: return (.compare(.equal, literal), true)
        case .less: return (.compare(.less, literal), false)
        case .lessOrEqual: return (.compare(.lessOrEqual, literal), false)
        case .greater: return (.compare(.greater, literal), false)
        case .greaterOrEqual: return (.compare(.greaterOrEqual, literal), false)
        case .like: return (.like(LikePattern(nxql: literal.text), ignoringCase: false), false)
        case .notLike: return (.like(LikePattern(nxql: literal.text), ignoringCase: false), true)
        case .ilike: return (.like(LikePattern(nxql: literal.text), ignoringCase: true), false)
        case .notIlike: return (.like(LikePattern(nxql: literal.text), ignoringCase: true), true)
        case .startsWith: return (.startsWith(literal), false)
        }
    }
}
