/// A literal or a parameter on the right of an operator.
public enum NXQLValue: Sendable, Hashable, CustomStringConvertible {
    /// A quoted string, escapes already resolved.
    case string(String)
    /// An integer that fits in `Int`.
    case integer(Int)
    /// A finite floating-point number.
    case double(Double)
    /// `DATE 'yyyy-MM-dd'` or `TIMESTAMP 'yyyy-MM-dd HH:mm:ss[.sss]'`, in UTC.
    case dateTime(NXQLDateTime)
    /// `NOW()` or `NOW('P1D')`: the time the query is compiled, moved by an offset.
    case now(offset: NXQLDuration)
    /// `?`: the positional parameter at `index` (0 for the first `?` of the query).
    case positionalParameter(index: Int)
    /// `:name`: a named parameter.
    case namedParameter(String)

    /// The value in NXQL.
    public var description: String {
        switch self {
        case .string(let string):
            return Self.quoted(string)
        case .integer(let integer):
            return String(integer)
        case .double(let double):
            return String(double)
        case .dateTime(let dateTime):
            return "TIMESTAMP \(Self.quoted(dateTime.nxqlTimestamp))"
        case .now(let offset):
            return offset == .zero ? "NOW()" : "NOW(\(Self.quoted(offset.description)))"
        case .positionalParameter:
            return "?"
        case .namedParameter(let name):
            return ":\(name)"
        }
    }

    /// `text` as an NXQL string literal: single quotes, with backslash escapes.
    private static func quoted(_ text: String) -> String {
        var literal = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "'": literal += "\\'"
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case "\r": literal += "\\r"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "'"
    }
}
