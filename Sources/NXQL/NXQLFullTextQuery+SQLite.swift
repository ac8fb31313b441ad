extension NXQLFullTextQuery {
    /// The query as an SQLite FTS5 `MATCH` expression, or nil when it ``matchesNothing``.
    ///
    /// Every term is an FTS5 string (double quotes, inner quotes doubled), so no input can
    /// reach FTS5's operators, column filters or `NEAR`; inside a string FTS5 tokenizes the
    /// words exactly as it tokenized the indexed text, and a multi-word string is a phrase.
    /// Shape: `("a" AND "b"*) NOT ("c" OR "d e") OR ("f")`, as FTS5's `NOT` is binary.
    public var sqliteMatchExpression: String? {
        guard !matchesNothing else { return nil }
        return alternatives.map { alternative in
            let required = alternative.required.map(Self.fts5String).joined(separator: " AND ")
            guard !alternative.excluded.isEmpty else { return "(\(required))" }
            let excluded = alternative.excluded.map(Self.fts5String).joined(separator: " OR ")
            return "((\(required)) NOT (\(excluded)))"
        }.joined(separator: " OR ")
    }

    /// A term as an FTS5 string, with `*` after it for a prefix.
    private static func fts5String(_ term: NXQLFullTextTerm) -> String {
        // Scalar by scalar: a quote followed by a combining mark is one Character but still
        // a quote to FTS5.
        var string = "\""
        for scalar in term.words.joined(separator: " ").unicodeScalars {
            if scalar == "\"" { string.unicodeScalars.append(scalar) }
            string.unicodeScalars.append(scalar)
        }
        return string + (term.isPrefix ? "\"*" : "\"")
    }
}
