import NXQL
import Testing

/// Bad queries give an error that says what was expected and where.
@Suite struct NXQLParserErrorTests {
    /// The error parsing `text` gives; fails the test when it parses.
    func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> NXQLError? {
        do {
            let query = try NXQLQuery(parsing: text)
            Issue.record("parsed as \(query)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test func errorsSayWhatWasExpectedAndWhere() {
        let cases: [(String, Int, String)] = [
            ("", 0, "expected SELECT but found the end of the query"),
            ("DELETE FROM Document", 0, "expected SELECT but found 'DELETE'"),
            ("SELECT * FRM Document", 9, "expected FROM but found 'FRM'"),
            ("SELECT * FROM", 13, "expected a document type but found the end of the query"),
            ("SELECT * FROM Document,", 23, "expected a document type but found the end of the query"),
            ("SELECT dc:title dc:description FROM File", 16, "expected ',' or FROM but found 'dc:description'"),
            ("SELECT * FROM Document WHERE", 28, "expected a property but found the end of the query"),
            (
                "SELECT * FROM Document WHERE dc:title", 37,
                "expected an operator after 'dc:title' but found the end of the query"
            ),
            ("SELECT * FROM Document WHERE dc:title = ", 40, "expected a value but found the end of the query"),
            (
                "SELECT * FROM Document WHERE dc:title = 1 2", 42,
                "expected AND, OR, ORDER BY or the end of the query but found the number 2"
            ),
            (
                "SELECT * FROM Document dc:title", 23,
                "expected ',', WHERE, ORDER BY or the end of the query but found 'dc:title'"
            ),
            ("SELECT * FROM Document WHERE (a = 1", 35, "expected ')' but found the end of the query"),
            ("SELECT * FROM Document WHERE a IN ()", 35, "expected a value but found ')'"),
            ("SELECT * FROM Document WHERE a IN (1 2)", 37, "expected ',' or ')' but found the number 2"),
            ("SELECT * FROM Document WHERE a IN 1", 34, "expected '(' but found the number 1"),
            ("SELECT * FROM Document WHERE a BETWEEN 1 OR 2", 41, "expected AND but found 'OR'"),
            ("SELECT * FROM Document WHERE a NOT = 1", 35, "expected LIKE, ILIKE, IN or BETWEEN but found '='"),
            ("SELECT * FROM Document WHERE a IS 1", 34, "expected NOT or NULL but found the number 1"),
            ("SELECT * FROM Document WHERE a IS NOT 1", 38, "expected NULL but found the number 1"),
            ("SELECT * FROM Document ORDER dc:title", 29, "expected BY but found 'dc:title'"),
            (
                "SELECT * FROM Document ORDER BY dc:title DESC ASC", 46,
                "expected ',' or the end of the query but found 'ASC'"
            ),
            ("SELECT * FROM Document WHERE a = 'abc", 33, "unterminated string"),
            ("SELECT * FROM Document WHERE a = 'abc\\'", 33, "unterminated string"),
            (
                "SELECT * FROM Document WHERE a = 99999999999999999999", 33,
                "integer '99999999999999999999' is out of range"
            ),
            ("SELECT * FROM Document WHERE a = 1e999", 33, "number '1e999' is out of range"),
            ("SELECT * FROM Document WHERE a = 12abc", 33, "invalid number '12a'"),
            ("SELECT * FROM Document WHERE a = #", 33, "unexpected character '#'"),
            ("SELECT * FROM Document WHERE a ! 1", 31, "unexpected character '!'"),
            ("SELECT * FROM Document WHERE a = \u{0}", 33, "unexpected character U+0000"),
            ("SELECT * FROM Document WHERE a = DATE 1", 38, "expected a quoted date but found the number 1"),
            (
                "SELECT * FROM Document WHERE a = DATE '2024-02-30'", 38,
                "invalid date '2024-02-30': expected 'yyyy-MM-dd[ HH:mm:ss[.sss]]'"
            ),
            (
                "SELECT * FROM Document WHERE a = TIMESTAMP '2024-01-02 24:00:00'", 43,
                "invalid date '2024-01-02 24:00:00': expected 'yyyy-MM-dd[ HH:mm:ss[.sss]]'"
            ),
            ("SELECT * FROM Document WHERE a = NOW", 36, "expected '(' but found the end of the query"),
            (
                "SELECT * FROM Document WHERE a = NOW('P')", 37,
                "invalid duration 'P': expected ISO 8601 like 'P1D' or '-PT2H'"
            ),
            ("SELECT * FROM Document WHERE a = NOW('P1D'", 42, "expected ')' but found the end of the query"),
            ("SELECT * FROM Document WHERE dc:title//x = 1", 29, "invalid property path 'dc:title//x'"),
            ("SELECT * FROM Document WHERE dc:title/ = 1", 29, "invalid property path 'dc:title/'"),
            (
                "SELECT * FROM Document WHERE files:files/99999999999999999999/x = 1", 29,
                "list index '99999999999999999999' is too large"
            ),
            ("SELECT * FROM Document WHERE : = 1", 29, "unexpected character ':'"),
        ]
        for (text, position, message) in cases {
            let error = error(text)
            #expect(error?.position == position, "\(text)")
            #expect(error?.message == message, "\(text)")
        }
    }

    @Test func descriptionEndsWithThePosition() {
        #expect(error("SELECT * FRM Document")?.description == "expected FROM but found 'FRM' at 9")
        #expect(NXQLError("no value", at: nil).description == "no value")
    }

    @Test func positionsCountUnicodeScalars() {
        // "é" is one scalar, "😀" is one scalar (two UTF-16 units, four UTF-8 bytes).
        let error = error("SELECT * FROM Document WHERE a = '😀é' AND §")
        #expect(error?.position == 42)
        #expect(error?.message == "unexpected character '§'")
    }

    @Test func longInputIsQuotedShortly() {
        let word = String(repeating: "x", count: 10_000)
        let error = error("SELECT * FROM Document WHERE a = 1 \(word)")
        #expect(
            error?.message
                == "expected AND, OR, ORDER BY or the end of the query but found '\(String(repeating: "x", count: 40))…'"
        )
    }

    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> String {
            "SELECT * FROM Document WHERE " + String(repeating: "(", count: depth) + "a = 1"
                + String(repeating: ")", count: depth)
        }
        let deepest = try NXQLQuery(parsing: nested(100))
        #expect(deepest.predicate != nil)
        let deepestNots = try NXQLQuery(
            parsing: "SELECT * FROM Document WHERE " + String(repeating: "NOT (", count: 50) + "a = 1"
                + String(repeating: ")", count: 50))
        for dialect in [SQLDialect.sqlite, .postgres] {
            #expect(try !Compile.compiler(dialect).compile(deepest, principals: nil).condition.isEmpty)
            #expect(try !Compile.compiler(dialect).compile(deepestNots, principals: nil).condition.isEmpty)
        }
        let tooDeep = error(nested(101))
        #expect(tooDeep?.position == 29 + 100)
        #expect(tooDeep?.message == "the query nests parentheses and NOTs more than 100 levels deep")
        #expect(error(nested(200))?.position == 129)
        #expect(error(nested(100_000))?.position == 129)
        let nots = "SELECT * FROM Document WHERE " + String(repeating: "NOT ", count: 200) + "a = 1"
        #expect(error(nots)?.position == 29 + 4 * 100)
    }

    @Test func wideQueriesAreNotNesting() throws {
        let terms = (0..<5000).map { "a = \($0)" }
        let query = try NXQLQuery(parsing: "SELECT * FROM Document WHERE " + terms.joined(separator: " OR "))
        guard case .or(let operands)? = query.predicate else {
            Issue.record("expected an OR")
            return
        }
        #expect(operands.count == 5000)
    }
}
