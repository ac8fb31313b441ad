import ChanceryTestSupport
import Testing

@testable import PDF

@Suite struct PDFParserTests {
    /// The object parsed from `text`.
    private func parse(_ text: String, limits: PDFReadLimits = .standard) throws -> PDFObject {
        var parser = PDFParser(bytes: Array(text.utf8), limits: limits)
        return try parser.parseObject()
    }

    @Test func parsesNestedObjectsAndReferences() throws {
        let object = try parse("<< /Kids [3 0 R 4 0 R 5] /A << /B null /C true >> /S (x) /N -1.5 >>")
        let dictionary = try #require(object.dictionaryValue)
        #expect(dictionary["Kids"] == .array([.reference(PDFReference(number: 3)), .reference(PDFReference(number: 4)), .integer(5)]))
        #expect(dictionary["A"]?.dictionaryValue?["C"] == .boolean(true))
        #expect(dictionary["A"]?.dictionaryValue?["B"] == .null)
        #expect(dictionary["N"] == .real(-1.5))
        #expect(dictionary.keys == ["Kids", "A", "S", "N"])
    }

    @Test func integersFollowedByOtherTokensAreNotReferences() throws {
        #expect(try parse("[1 2 3 R]") == .array([.integer(1), .reference(PDFReference(number: 2, generation: 3))]))
        #expect(try parse("[1 2]") == .array([.integer(1), .integer(2)]))
        #expect(throws: PDFReadError.self) { try parse("[0 0 R]") }
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: PDFReadError.self) { try parse(deep) }
        var limits = PDFReadLimits.standard
        limits.maximumNesting = 3
        #expect(throws: PDFReadError.self) { try parse("[[[[1]]]]", limits: limits) }
        #expect((try? parse("[[[1]]]", limits: limits)) != nil)
    }

    @Test func streamLengthsThatAreWrongFallBackToEndstream() throws {
        let text = "5 0 obj\n<< /Length 3 >>\nstream\nabcdef\nendstream\nendobj\n"
        var parser = PDFParser(bytes: Array(text.utf8))
        let parsed = try parser.parseIndirectObject { _ in nil }
        #expect(parsed.reference == PDFReference(number: 5))
        #expect(parsed.object.stream?.data == Array("abcdef".utf8))
    }

    @Test func indirectLengthsAreResolved() throws {
        let text = "5 0 obj\n<< /Length 9 0 R >>\nstream\nab\nendstream ndstream\nendobj\n"
        var parser = PDFParser(bytes: Array(text.utf8))
        let parsed = try parser.parseIndirectObject { $0.number == 9 ? 2 : nil }
        #expect(parsed.object.stream?.data == Array("ab".utf8))
    }

    @Test func randomBytesGiveAnObjectOrAnError() {
        var generator = SeededGenerator.logged()
        let alphabet = Array("<<>>[]()/0123456789 .-+Rnulltruefalseobjstream\\#%\n\r".utf8)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<80, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            var parser = PDFParser(bytes: bytes)
            _ = try? parser.parseObject()
            var indirect = PDFParser(bytes: bytes)
            _ = try? indirect.parseIndirectObject { _ in nil }
        }
    }
}
