extension NXQLFullTextQuery {
    /// The query as the text argument of PostgreSQL's `to_tsquery('simple', …)`, or nil when
    /// it ``matchesNothing``.
    ///
    /// Every word is a quoted lexeme (`'word'`, with `'` doubled and `\` escaped), so no
    /// input can reach tsquery's operators; PostgreSQL's parser then splits a quoted word
    /// exactly as `to_tsvector` split the indexed text. Phrases use `<->`, prefixes `:*`.
    /// Shape: `('a' & 'b':* & !'c' & !('d' <-> 'e')) | ('f')`.
    public var postgresTSQuery: String? {
        guard !matchesNothing else { return nil }
        return alternatives.map { alternative in
            let terms =
                alternative.required.map(Self.tsqueryTerm) + alternative.excluded.map { "!" + Self.tsqueryTerm($0) }
            return "(" + terms.joined(separator: " & ") + ")"
        }.joined(separator: " | ")
    }

    /// A term in tsquery syntax: a lexeme, or a parenthesized phrase of lexemes.
    private static func tsqueryTerm(_ term: NXQLFullTextTerm) -> String {
        let lexemes = term.words.enumerated().map { offset, word in
            // Scalar by scalar: a quote followed by a combining mark is one Character but
            // still a quote to PostgreSQL.
            var lexeme = "'"
            for scalar in word.unicodeScalars {
                if scalar == "'" || scalar == "\\" { lexeme.unicodeScalars.append(scalar) }
                lexeme.unicodeScalars.append(scalar)
            }
            let isPrefix = term.isPrefix && offset == term.words.count - 1
            return lexeme + (isPrefix ? "':*" : "'")
        }
        return lexemes.count == 1 ? lexemes[0] : "(" + lexemes.joined(separator: " <-> ") + ")"
    }
}
