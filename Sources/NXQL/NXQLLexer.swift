/// Splits NXQL text into tokens.
///
/// Words are ASCII: a letter or `_`, then letters, digits and `_ : . - /`, with `*` allowed
/// right after a `/` (`dc:subjects/*`). Strings are quoted with `'` or `"`; inside them `\'`,
/// `\"`, `\\`, `\n`, `\t` and `\r` are escapes, a doubled quote is a quote, and a backslash
/// before any other character is kept (so `'a\%'` reaches LIKE as `a\%`, an escaped `%`).
/// Numbers may have a sign, a fraction and an exponent; integers that do not fit in `Int`
/// are an error rather than a silently rounded double.
struct NXQLLexer {
    /// The query text.
    private let scalars: [Unicode.Scalar]
    /// The next scalar to read.
    private var index = 0

    /// The tokens of `text`, ending with `.end`.
    static func tokens(of text: String) throws(NXQLError) -> [NXQLToken] {
        var lexer = NXQLLexer(scalars: Array(text.unicodeScalars))
        var tokens: [NXQLToken] = []
        repeat {
            tokens.append(try lexer.nextToken())
        } while tokens.last?.kind != .end
        return tokens
    }

    /// A lexer at the start of `scalars`.
    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// The scalar `offset` places ahead, if any.
    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Reads the next token.
    private mutating func nextToken() throws(NXQLError) -> NXQLToken {
        while let scalar = peek(), scalar.properties.isWhitespace {
            index += 1
        }
        let start = index
        guard let scalar = peek() else { return NXQLToken(kind: .end, position: start) }
        let kind: NXQLToken.Kind
        switch scalar {
        case "'", "\"":
            kind = .string(try readString())
        case "0"..."9":
            kind = try readNumber()
        case _ where (scalar == "-" || scalar == ".") && startsNumber:
            kind = try readNumber()
        case _ where NXQLProperty.isNameStart(scalar):
            kind = .word(readWord())
        case ":" where peek(1).map(NXQLProperty.isNameStart) ?? false:
            index += 1
            kind = .namedParameter(readParameterName())
        case "?":
            index += 1
            kind = .positionalParameter
        case ",":
            index += 1
            kind = .comma
        case "(":
            index += 1
            kind = .leftParenthesis
        case ")":
            index += 1
            kind = .rightParenthesis
        case "*":
            index += 1
            kind = .star
        case "=", "<", ">", "!":
            kind = .comparison(try readComparison())
        default:
            throw NXQLError("unexpected character \(Self.describe(scalar))", at: start)
        }
        return NXQLToken(kind: kind, position: start)
    }

    /// Whether the `-` or `.` that comes next starts a number: `-1`, `-.5`, `.5`.
    private var startsNumber: Bool {
        var offset = 0
        if peek(offset) == "-" { offset += 1 }
        if peek(offset) == "." { offset += 1 }
        return peek(offset).map(NXQLProperty.isDigit) ?? false
    }

    /// Reads a word: a keyword, a type name or a property path.
    private mutating func readWord() -> String {
        var word = String.UnicodeScalarView()
        while let scalar = peek() {
            let continues =
                NXQLProperty.isNameContinuation(scalar) || scalar == "/" || (scalar == "*" && word.last == "/")
            guard continues else { break }
            word.append(scalar)
            index += 1
        }
        return String(word)
    }

    /// Reads the name of a `:name` parameter: ASCII letters, digits and `_`.
    private mutating func readParameterName() -> String {
        var name = String.UnicodeScalarView()
        while let scalar = peek(), NXQLProperty.isNameStart(scalar) || NXQLProperty.isDigit(scalar) {
            name.append(scalar)
            index += 1
        }
        return String(name)
    }

    /// Reads a quoted string whose opening quote is the next scalar.
    private mutating func readString() throws(NXQLError) -> String {
        let start = index
        let quote = scalars[index]
        index += 1
        var text = String.UnicodeScalarView()
        while let scalar = peek() {
            index += 1
            if scalar == quote {
                guard peek() == quote else { return String(text) }
                text.append(quote)
                index += 1
            } else if scalar == "\\" {
                guard let escaped = peek() else { break }
                index += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "'", "\"", "\\": text.append(escaped)
                default:
                    text.append("\\")
                    text.append(escaped)
                }
            } else {
                text.append(scalar)
            }
        }
        throw NXQLError("unterminated string", at: start)
    }

    /// Reads a number: `[-](digits[.digits]|.digits)[(e|E)[+|-]digits]`.
    private mutating func readNumber() throws(NXQLError) -> NXQLToken.Kind {
        let start = index
        var text = String.UnicodeScalarView()
        var isInteger = true
        if peek() == "-" {
            text.append("-")
            index += 1
        }
        appendDigits(to: &text)
        if peek() == "." {
            isInteger = false
            text.append(".")
            index += 1
            appendDigits(to: &text)
        }
        if let e = peek(), e == "e" || e == "E" {
            let signLength = (peek(1) == "+" || peek(1) == "-") ? 1 : 0
            if let digit = peek(1 + signLength), NXQLProperty.isDigit(digit) {
                isInteger = false
                for _ in 0...signLength {
                    text.append(scalars[index])
                    index += 1
                }
                appendDigits(to: &text)
            }
        }
        if let next = peek(), NXQLProperty.isNameContinuation(next) {
            throw NXQLError("invalid number \(NXQLError.quote(String(text) + String(next)))", at: start)
        }
        let literal = String(text)
        if isInteger {
            guard let integer = Int(literal) else {
                throw NXQLError("integer \(NXQLError.quote(literal)) is out of range", at: start)
            }
            return .integer(integer)
        }
        guard let double = Double(literal), double.isFinite else {
            throw NXQLError("number \(NXQLError.quote(literal)) is out of range", at: start)
        }
        return .double(double)
    }

    /// Appends the ASCII digits that come next.
    private mutating func appendDigits(to text: inout String.UnicodeScalarView) {
        while let scalar = peek(), NXQLProperty.isDigit(scalar) {
            text.append(scalar)
            index += 1
        }
    }

    /// Reads `=`, `<>`, `!=`, `<`, `<=`, `>` or `>=`.
    private mutating func readComparison() throws(NXQLError) -> NXQLComparisonOperator {
        let start = index
        let first = scalars[index]
        let second = peek(1)
        let comparison: NXQLComparisonOperator
        var length = 2
        switch (first, second) {
        case ("<", ">"), ("!", "="): comparison = .notEqual
        case ("<", "="): comparison = .lessOrEqual
        case (">", "="): comparison = .greaterOrEqual
        case ("<", _): (comparison, length) = (.less, 1)
        case (">", _): (comparison, length) = (.greater, 1)
        case ("=", _): (comparison, length) = (.equal, 1)
        default: throw NXQLError("unexpected character '!'", at: start)
        }
        index += length
        return comparison
    }

    /// A scalar for an error message: itself in quotes when printable, else its code point.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .unassigned
            || scalar.properties.generalCategory == .privateUse || scalar.properties.generalCategory == .surrogate
        {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(scalar)'"
    }
}
