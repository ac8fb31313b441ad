/// A full-text query in Nuxeo's syntax, the value of `ecm:fulltext = '…'`.
///
/// - words separated by spaces must all be present: `hello world`;
/// - `OR` (upper case) separates alternatives: `hello OR bonjour world`
///   (AND binds tighter);
/// - `-word` or `-"a phrase"` must be absent;
/// - `"exact phrase"` must appear as written, word after word;
/// - `prefix*` matches words starting with `prefix`.
///
/// Parsing never fails. Words without a letter or digit are dropped (the databases'
/// tokenizers would drop them too), and so is every alternative without a required term: a
/// full-text index finds documents that contain words, not documents that lack them, and
/// FTS5 cannot even express a lone `NOT`. A query left with no alternative
/// ``matchesNothing``: the renderers then return nil and the compiler emits a condition that
/// is always false. `-word` alone therefore matches nothing rather than almost everything.
public struct NXQLFullTextQuery: Sendable, Hashable {
    /// One alternative: documents containing every required term and none of the excluded.
    public struct Alternative: Sendable, Hashable {
        /// Terms that must all be present; never empty.
        public let required: [NXQLFullTextTerm]
        /// Terms that must all be absent.
        public let excluded: [NXQLFullTextTerm]
    }

    /// The alternatives, any of which may match.
    public let alternatives: [Alternative]

    /// Whether nothing usable is left, so that no document matches.
    public var matchesNothing: Bool { alternatives.isEmpty }

    /// Parses Nuxeo's full-text syntax.
    public init(parsing text: String) {
        var alternatives: [Alternative] = []
        var required: [NXQLFullTextTerm] = []
        var excluded: [NXQLFullTextTerm] = []
        func closeAlternative() {
            if !required.isEmpty {
                alternatives.append(Alternative(required: required, excluded: excluded))
            }
            required = []
            excluded = []
        }
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            let isExcluded = rest.first == "-"
            if isExcluded { rest = rest.dropFirst() }
            let term: NXQLFullTextTerm?
            if rest.first == "\"" {
                let phrase = rest.dropFirst().prefix { $0 != "\"" }
                rest = rest.dropFirst(phrase.count + 2)
                let isPrefix = rest.first == "*"
                if isPrefix { rest = rest.dropFirst() }
                term = NXQLFullTextTerm(words: phrase.split(whereSeparator: \.isWhitespace), isPrefix: isPrefix)
            } else {
                var word = rest.prefix { !$0.isWhitespace }
                rest = rest.dropFirst(word.count)
                if word == "OR", !isExcluded {
                    closeAlternative()
                    continue
                }
                let isPrefix = word.last == "*"
                while word.last == "*" { word = word.dropLast() }
                term = NXQLFullTextTerm(words: [word], isPrefix: isPrefix)
            }
            guard let term else { continue }
            if isExcluded { excluded.append(term) } else { required.append(term) }
        }
        closeAlternative()
        self.alternatives = alternatives
    }
}
