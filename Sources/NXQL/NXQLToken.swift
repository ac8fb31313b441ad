/// One lexical unit of an NXQL query and where it starts.
struct NXQLToken: Sendable, Equatable {
    /// What a token is.
    enum Kind: Sendable, Equatable {
        /// A keyword, a document type or a property path: `SELECT`, `File`, `dc:title`,
        /// `files:files/*/file/name`.
        case word(String)
        /// A quoted string, escapes resolved.
        case string(String)
        /// An integer literal, sign included.
        case integer(Int)
        /// A floating-point literal, sign included.
        case double(Double)
        /// `?`.
        case positionalParameter
        /// `:name`.
        case namedParameter(String)
        /// `,`.
        case comma
        /// `(`.
        case leftParenthesis
        /// `)`.
        case rightParenthesis
        /// `*` on its own, as in `SELECT *`.
        case star
        /// `=`, `<>`, `!=`, `<`, `<=`, `>` or `>=`.
        case comparison(NXQLComparisonOperator)
        /// The end of the text.
        case end
    }

    /// What the token is.
    var kind: Kind

    /// Its offset in Unicode scalars from the start of the query.
    var position: Int

    /// Whether the token is the keyword `keyword` (given in upper case), in any case.
    func isKeyword(_ keyword: String) -> Bool {
        guard case .word(let word) = kind else { return false }
        return word.count == keyword.count && word.uppercased() == keyword
    }

    /// How error messages name the token: "'WHERE'", "the string 'abc'", "the end of the query".
    var summary: String {
        switch kind {
        case .word(let word): return NXQLError.quote(word)
        case .string(let string): return "the string \(NXQLError.quote(string))"
        case .integer(let integer): return "the number \(integer)"
        case .double(let double): return "the number \(double)"
        case .positionalParameter: return "'?'"
        case .namedParameter(let name): return NXQLError.quote(":" + name)
        case .comma: return "','"
        case .leftParenthesis: return "'('"
        case .rightParenthesis: return "')'"
        case .star: return "'*'"
        case .comparison(let comparison): return "'\(comparison)'"
        case .end: return "the end of the query"
        }
    }
}
