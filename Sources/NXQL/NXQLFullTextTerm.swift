/// A word or an exact phrase of a full-text query.
public struct NXQLFullTextTerm: Sendable, Hashable {
    /// The words, in order: one for a word, several for a phrase. Each contains at least one
    /// letter or digit; punctuation inside is left to the database's tokenizer, which splits
    /// it the same way it split the indexed text.
    public let words: [String]

    /// Whether the last word is a prefix (`prefix*`).
    public let isPrefix: Bool

    /// A term from words that each contain a letter or a digit; nil when none is left.
    init?(words: [some StringProtocol], isPrefix: Bool) {
        let usable = words.filter { $0.contains { $0.isLetter || $0.isNumber } }
        guard !usable.isEmpty else { return nil }
        self.words = usable.map { String($0) }
        self.isPrefix = isPrefix
    }
}
