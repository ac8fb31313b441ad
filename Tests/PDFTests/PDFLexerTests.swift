import Testing

@testable import PDF

@Suite struct PDFLexerTests {
    /// All tokens of `text`.
    private func tokens(_ text: String) -> [PDFToken] {
        var lexer = PDFLexer(bytes: Array(text.utf8))
        var result: [PDFToken] = []
        while true {
            let token = lexer.next()
            if token == .end { return result }
            result.append(token)
        }
    }

    @Test func numbersNamesAndKeywords() {
        #expect(
            tokens("12 -3 +4 .5 -.25 6. 1e5 true %comment\n/Name#20x /A#2 R")
                == [
                    .integer(12), .integer(-3), .integer(4), .real(0.5), .real(-0.25), .real(6), .keyword("1e5"),
                    .keyword("true"), .name("Name x"), .name("A#2"), .keyword("R"),
                ]
        )
    }

    @Test func literalStringsDecodeEscapesAndBalancedParentheses() {
        #expect(tokens(#"(a(b)c\)\n\101\7x\"# + "\r\n" + #"y)"#) == [.string(Array("a(b)c)\nA\u{7}xy".utf8))])
        #expect(tokens("(line\r\nend)") == [.string(Array("line\nend".utf8))])
    }

    @Test func hexStringsSkipWhiteSpaceAndPadAnOddDigit() {
        #expect(tokens("<48 65 6c6C 7>") == [.hexString([0x48, 0x65, 0x6C, 0x6C, 0x70])])
    }

    @Test func containersAndStrayDelimiters() {
        #expect(tokens("<<[]>> ) { >") == [.dictionaryStart, .arrayStart, .arrayEnd, .dictionaryEnd, .keyword(")"), .keyword("{"), .keyword(">")])
    }

    @Test func hugeIntegersBecomeReals() {
        #expect(tokens("123456789012345678901234567890") == [.real(123456789012345678901234567890.0)])
    }

    @Test func unterminatedTokensEndAtTheEndOfInput() {
        #expect(tokens("(abc") == [.string(Array("abc".utf8))])
        #expect(tokens("<41") == [.hexString([0x41])])
    }
}
