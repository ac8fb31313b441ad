/// An operator between a property and one value.
public enum NXQLComparisonOperator: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `=`.
    case equal = "="
    /// `<>`, also written `!=`.
    case notEqual = "<>"
    /// `<`.
    case less = "<"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`.
    case greaterOrEqual = ">="
    /// `LIKE`: case-sensitive match of an SQL pattern (`%` any string, `_` any character,
    /// `\` escapes the next character).
    case like = "LIKE"
    /// `NOT LIKE`.
    case notLike = "NOT LIKE"
    /// `ILIKE`: like `LIKE`, ignoring case.
    case ilike = "ILIKE"
    /// `NOT ILIKE`.
    case notIlike = "NOT ILIKE"
    /// `STARTSWITH`: for `ecm:path`, strictly below the given path; for other properties,
    /// equal to the value or starting with the value followed by `/`.
    case startsWith = "STARTSWITH"

    /// The operator in NXQL.
    public var description: String { rawValue }
}
