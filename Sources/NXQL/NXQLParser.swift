/// A recursive-descent parser from NXQL tokens to an ``NXQLQuery``.
///
/// ```
/// query      := SELECT selection FROM type (',' type)* [WHERE or] [ORDER BY order (',' order)*]
/// selection  := '*' | property (',' property)*
/// or         := and (OR and)*
/// and        := not (AND not)*
/// not        := NOT not | '(' or ')' | condition
/// condition  := property ( comparison value | [NOT] (LIKE | ILIKE) value | STARTSWITH value
///             | [NOT] IN '(' value (',' value)* ')' | [NOT] BETWEEN value AND value
///             | IS [NOT] NULL )
/// value      := string | number | DATE string | TIMESTAMP string | NOW '(' [string] ')'
///             | '?' | ':' name
/// order      := property [ASC | DESC]
/// ```
///
/// It is total: every token sequence ends in a query or an ``NXQLError`` at the offending
/// token. Parentheses and `NOT`s may nest at most ``maximumDepth`` levels, which bounds the
/// recursion here and in everything that walks the tree.
struct NXQLParser {
    /// How deeply parentheses and `NOT`s may nest.
    static let maximumDepth = 100

    /// The tokens, ending with `.end`.
    private let tokens: [NXQLToken]
    /// The next token to read.
    private var index = 0
    /// How many parentheses and `NOT`s enclose the current position.
    private var depth = 0
    /// How many `?` parameters have been read.
    private var positionalParameterCount = 0

    /// A parser for `text`; throws the lexical errors.
    init(_ text: String) throws(NXQLError) {
        tokens = try NXQLLexer.tokens(of: text)
    }

    /// The next token; the last token is `.end`, which is never consumed.
    private var current: NXQLToken { tokens[index] }

    /// Moves past the current token, unless it is the end.
    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    /// Consumes the keyword `keyword` if it comes next.
    private mutating func consume(keyword: String) -> Bool {
        guard current.isKeyword(keyword) else { return false }
        advance()
        return true
    }

    /// Consumes a token of `kind` if it comes next.
    private mutating func consume(_ kind: NXQLToken.Kind) -> Bool {
        guard current.kind == kind else { return false }
        advance()
        return true
    }

    /// An error saying that `expected` should come instead of the current token.
    private func unexpected(_ expected: String) -> NXQLError {
        NXQLError("expected \(expected) but found \(current.summary)", at: current.position)
    }

    /// Parses the whole query.
    mutating func parseQuery() throws(NXQLError) -> NXQLQuery {
        guard consume(keyword: "SELECT") else { throw unexpected("SELECT") }
        let selection = try parseSelection()
        guard consume(keyword: "FROM") else { throw unexpected(selection == .allProperties ? "FROM" : "',' or FROM") }
        var documentTypes: [String] = []
        repeat {
            guard case .word(let type) = current.kind else { throw unexpected("a document type") }
            documentTypes.append(type)
            advance()
        } while consume(.comma)
        var predicate: NXQLPredicate?
        if consume(keyword: "WHERE") {
            predicate = try parseOr()
        }
        var ordering: [NXQLOrdering] = []
        if consume(keyword: "ORDER") {
            guard consume(keyword: "BY") else { throw unexpected("BY") }
            repeat {
                let property = try parseProperty()
                let isDescending = consume(keyword: "DESC")
                if !isDescending { _ = consume(keyword: "ASC") }
                ordering.append(NXQLOrdering(property: property, isDescending: isDescending))
            } while consume(.comma)
        }
        guard current.kind == .end else {
            if !ordering.isEmpty { throw unexpected("',' or the end of the query") }
            if predicate != nil { throw unexpected("AND, OR, ORDER BY or the end of the query") }
            throw unexpected("',', WHERE, ORDER BY or the end of the query")
        }
        return NXQLQuery(selection: selection, documentTypes: documentTypes, predicate: predicate, ordering: ordering)
    }

    /// Parses what comes between SELECT and FROM.
    private mutating func parseSelection() throws(NXQLError) -> NXQLSelection {
        if consume(.star) { return .allProperties }
        var properties: [NXQLProperty] = []
        repeat {
            properties.append(try parseProperty())
        } while consume(.comma)
        return .properties(properties)
    }

    /// Parses a property path.
    private mutating func parseProperty() throws(NXQLError) -> NXQLProperty {
        guard case .word(let word) = current.kind else { throw unexpected("a property") }
        let property = try NXQLProperty(parsing: word, at: current.position)
        advance()
        return property
    }

    /// Parses `and (OR and)*`.
    private mutating func parseOr() throws(NXQLError) -> NXQLPredicate {
        var operands = [try parseAnd()]
        while consume(keyword: "OR") {
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    /// Parses `not (AND not)*`.
    private mutating func parseAnd() throws(NXQLError) -> NXQLPredicate {
        var operands = [try parseNot()]
        while consume(keyword: "AND") {
            operands.append(try parseNot())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// Parses `NOT not`, `( or )` or a condition.
    private mutating func parseNot() throws(NXQLError) -> NXQLPredicate {
        if current.isKeyword("NOT") {
            try enterNesting()
            advance()
            let operand = try parseNot()
            depth -= 1
            return .not(operand)
        }
        if current.kind == .leftParenthesis {
            try enterNesting()
            advance()
            let predicate = try parseOr()
            guard consume(.rightParenthesis) else { throw unexpected("')'") }
            depth -= 1
            return predicate
        }
        return try parseCondition()
    }

    /// Counts one more level of nesting, refusing to go beyond ``maximumDepth``.
    private mutating func enterNesting() throws(NXQLError) {
        guard depth < Self.maximumDepth else {
            throw NXQLError(
                "the query nests parentheses and NOTs more than \(Self.maximumDepth) levels deep", at: current.position)
        }
        depth += 1
    }

    /// Parses `property operator …`.
    private mutating func parseCondition() throws(NXQLError) -> NXQLPredicate {
        let property = try parseProperty()
        if case .comparison(let comparison) = current.kind {
            advance()
            return .comparison(property, comparison, try parseValue())
        }
        if consume(keyword: "IS") {
            let negated = consume(keyword: "NOT")
            guard consume(keyword: "NULL") else { throw unexpected(negated ? "NULL" : "NOT or NULL") }
            return .isNull(property, negated: negated)
        }
        if consume(keyword: "STARTSWITH") {
            return .comparison(property, .startsWith, try parseValue())
        }
        let negated = consume(keyword: "NOT")
        if consume(keyword: "LIKE") {
            return .comparison(property, negated ? .notLike : .like, try parseValue())
        }
        if consume(keyword: "ILIKE") {
            return .comparison(property, negated ? .notIlike : .ilike, try parseValue())
        }
        if consume(keyword: "IN") {
            guard consume(.leftParenthesis) else { throw unexpected("'('") }
            var values: [NXQLValue] = []
            repeat {
                values.append(try parseValue())
            } while consume(.comma)
            guard consume(.rightParenthesis) else { throw unexpected("',' or ')'") }
            return .inList(property, values, negated: negated)
        }
        if consume(keyword: "BETWEEN") {
            let low = try parseValue()
            guard consume(keyword: "AND") else { throw unexpected("AND") }
            return .between(property, low, try parseValue(), negated: negated)
        }
        if negated { throw unexpected("LIKE, ILIKE, IN or BETWEEN") }
        throw unexpected("an operator after \(NXQLError.quote(property.description))")
    }

    /// Parses a literal or a parameter.
    private mutating func parseValue() throws(NXQLError) -> NXQLValue {
        let token = current
        switch token.kind {
        case .string(let string):
            advance()
            return .string(string)
        case .integer(let integer):
            advance()
            return .integer(integer)
        case .double(let double):
            advance()
            return .double(double)
        case .positionalParameter:
            advance()
            positionalParameterCount += 1
            return .positionalParameter(index: positionalParameterCount - 1)
        case .namedParameter(let name):
            advance()
            return .namedParameter(name)
        case .word where token.isKeyword("DATE") || token.isKeyword("TIMESTAMP"):
            advance()
            guard case .string(let text) = current.kind else { throw unexpected("a quoted date") }
            guard let dateTime = NXQLDateTime(literal: text) else {
                throw NXQLError(
                    "invalid date \(NXQLError.quote(text)): expected 'yyyy-MM-dd[ HH:mm:ss[.sss]]'",
                    at: current.position)
            }
            advance()
            return .dateTime(dateTime)
        case .word where token.isKeyword("NOW"):
            advance()
            guard consume(.leftParenthesis) else { throw unexpected("'('") }
            var offset = NXQLDuration.zero
            if case .string(let text) = current.kind {
                guard let duration = NXQLDuration(iso8601: text) else {
                    throw NXQLError(
                        "invalid duration \(NXQLError.quote(text)): expected ISO 8601 like 'P1D' or '-PT2H'",
                        at: current.position)
                }
                offset = duration
                advance()
            }
            guard consume(.rightParenthesis) else { throw unexpected("')'") }
            return .now(offset: offset)
        default:
            throw unexpected("a value")
        }
    }
}
