import NXQL
import Testing

/// Nuxeo's full-text syntax, and its SQLite FTS5 and PostgreSQL tsquery renderings.
@Suite struct NXQLFullTextQueryTests {
    /// The FTS5 and tsquery renderings of `text`.
    func rendered(_ text: String) -> (sqlite: String?, postgres: String?) {
        let query = NXQLFullTextQuery(parsing: text)
        return (query.sqliteMatchExpression, query.postgresTSQuery)
    }

    @Test func wordsAreAllRequired() {
        let query = NXQLFullTextQuery(parsing: "  hello   world ")
        #expect(query.alternatives.count == 1)
        #expect(query.alternatives[0].required.map(\.words) == [["hello"], ["world"]])
        #expect(rendered("hello world") == (#"("hello" AND "world")"#, "('hello' & 'world')"))
    }

    @Test func orSeparatesAlternatives() {
        #expect(rendered("a b OR c") == (#"("a" AND "b") OR ("c")"#, "('a' & 'b') | ('c')"))
        #expect(rendered("OR a OR OR b OR") == (#"("a") OR ("b")"#, "('a') | ('b')"))
        #expect(rendered("a or b") == (#"("a" AND "or" AND "b")"#, "('a' & 'or' & 'b')"))
    }

    @Test func minusExcludes() {
        #expect(rendered("a -b -\"c d\"") == (#"(("a") NOT ("b" OR "c d"))"#, "('a' & !'b' & !('c' <-> 'd'))"))
        #expect(rendered("a -OR b") == (#"(("a" AND "b") NOT ("OR"))"#, "('a' & 'b' & !'OR')"))
        #expect(rendered("a - b") == (#"("a" AND "b")"#, "('a' & 'b')"))
    }

    @Test func phrasesAndPrefixes() {
        #expect(
            rendered("\"exact  phrase\" pre*") == (
                #"("exact phrase" AND "pre"*)"#, "(('exact' <-> 'phrase') & 'pre':*)"
            ))
        #expect(rendered("\"two words\"*") == (#"("two words"*)"#, "(('two' <-> 'words':*))"))
        #expect(rendered("\"unterminated phrase") == (#"("unterminated phrase")"#, "(('unterminated' <-> 'phrase'))"))
        #expect(rendered("star**") == (#"("star"*)"#, "('star':*)"))
    }

    @Test func nothingUsableMatchesNothing() {
        for text in ["", "   ", "-a", "-a -b", "OR", "\"\"", "*", "- -", "!!! ???", "-a OR -b", "\"", "..."] {
            let query = NXQLFullTextQuery(parsing: text)
            #expect(query.matchesNothing, "\(text)")
            #expect(query.sqliteMatchExpression == nil && query.postgresTSQuery == nil, "\(text)")
        }
        #expect(rendered("-a OR b") == (#"("b")"#, "('b')"))
        #expect(rendered("a !!! b") == (#"("a" AND "b")"#, "('a' & 'b')"))
    }

    @Test func everyTermIsQuoted() {
        #expect(rendered(#"say"hi"#) == (#"("say""hi")"#, #"('say"hi')"#))
        #expect(rendered("o'brien back\\slash") == (#"("o'brien" AND "back\slash")"#, #"('o''brien' & 'back\\slash')"#))
        #expect(
            rendered("NEAR(a b) col:x ^y a:*") == (
                #"("NEAR(a" AND "b)" AND "col:x" AND "^y" AND "a:"*)"#, #"('NEAR(a' & 'b)' & 'col:x' & '^y' & 'a:':*)"#
            ))
        #expect(rendered("ünï 中文 42") == (#"("ünï" AND "中文" AND "42")"#, "('ünï' & '中文' & '42')"))
    }

    @Test func quotesFollowedByCombiningMarksAreStillEscaped() {
        // U+0301 makes `'́` and `"́` single Characters whose first scalar is still a quote.
        let text = "a\"\u{301}b c'\u{301}d"
        #expect(rendered(text) == ("(\"a\"\"\u{301}b\" AND \"c'\u{301}d\")", "('a\"\u{301}b' & 'c''\u{301}d')"))
    }
}
