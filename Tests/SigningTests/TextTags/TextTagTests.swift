import HTTPSupport
import JSON
import PDF
import Testing

@testable import Signing

/// The grammar of text tags and finding them in a page's glyphs.
@Suite struct TextTagTests {
    @Test func aShortTagNamesTheTypeAndTheRecipient() throws {
        let tag = try #require(try TextTag("s:1"))
        #expect(tag.type == .signature)
        #expect(tag.recipient == "1")
        #expect(tag.members.isEmpty)
    }

    @Test func optionsSetRequirednessLabelAndMembers() throws {
        let tag = try #require(try TextTag(#"text:2:n:Job title:api_id=title:width=200:validation=letters"#))
        #expect(tag.type == .text)
        #expect(tag.recipient == "2")
        #expect(tag.members["required"] == .bool(false))
        #expect(tag.members["label"] == .string("Job title"))
        #expect(tag.members["api_id"] == .string("title"))
        #expect(tag.members["width"] == .number(200))
        #expect(tag.members["validation"] == .string("letters"))
    }

    @Test func aQuotedValueMayHoldColonsAndWordsCurlyQuotesCount() throws {
        let straight = try #require(try TextTag(#"date:1:date_format="MM/DD/YYYY hh:mm:ss a":lock_sign_date=y"#))
        #expect(straight.members["date_format"] == .string("MM/DD/YYYY hh:mm:ss a"))
        #expect(straight.members["lock_sign_date"] == .bool(true))
        let curly = try #require(try TextTag("d:1:date_format=\u{201C}MM/DD/YYYY hh:mm:ss a\u{201D}"))
        #expect(curly.members["date_format"] == .string("MM/DD/YYYY hh:mm:ss a"))
    }

    @Test func selectOptionsAreSeparatedByBars() throws {
        let tag = try #require(try TextTag("dropdown:Client:options=Red | Green|Blue"))
        #expect(tag.members["options"] == .array([.string("Red"), .string("Green"), .string("Blue")]))
        #expect(tag.recipient == "Client")
    }

    @Test(arguments: ["name", "customer.name", " ", "if x > 1", "signatures:1"])
    func contentThatDoesNotStartWithAFieldTypeIsNotATag(content: String) throws {
        #expect(try TextTag(content) == nil)
    }

    @Test(arguments: [
        ("signature", "names no recipient"),
        ("s:1:colour=red", "unknown option colour"),
        ("t:1:width=wide", "not a number"),
        ("d:1:lock_sign_date=maybe", "write y or n"),
        ("t:1:First:Second", "more than one label"),
    ])
    func aMalformedTagSaysWhatIsWrong(content: String, problem: String) {
        #expect {
            _ = try TextTag(content)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }

    // MARK: Scanning

    /// Glyphs of `text`, one per character, 6 points wide and 10 high on the baseline `y`.
    static func glyphs(_ text: String, x: Double = 72, y: Double = 700) -> [PDFTextGlyph] {
        text.enumerated().map { index, character in
            PDFTextGlyph(text: String(character), box: PDFRect(x: x + Double(index) * 6, y: y, width: 6, height: 10), fontSize: 10)
        }
    }

    @Test func tagsAreFoundWithTheBoxOfTheirGlyphs() {
        let found = TextTagScanner.tags(in: Self.glyphs("Sign: {{s:1}} and {{d:1}}."))
        #expect(found.map(\.content) == ["s:1", "d:1"])
        #expect(found[0].box == PDFRect(x: 72 + 6 * 6, y: 700, width: 7 * 6, height: 10))
    }

    @Test func aTagSplitOverTwoLinesOrNeverClosedIsNotFound() {
        let twoLines = Self.glyphs("{{s:") + Self.glyphs("1}}", y: 676)
        #expect(TextTagScanner.tags(in: twoLines).isEmpty)
        #expect(TextTagScanner.tags(in: Self.glyphs("{{s:1 and more")).isEmpty)
        let long = "{{" + String(repeating: "x", count: TextTagScanner.maximumLength) + "}}"
        #expect(TextTagScanner.tags(in: Self.glyphs(long)).isEmpty)
    }

    @Test func aNewOpeningRestartsTheTag() {
        let found = TextTagScanner.tags(in: Self.glyphs("{{ broken {{t:2}}"))
        #expect(found.map(\.content) == ["t:2"])
    }
}
