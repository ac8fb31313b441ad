import Testing

@testable import PDF

@Suite struct PDFTextWrapperTests {
    static let paragraph = """
        This certificate attests that the file whose SHA-256 hash is \
        9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 existed no later than \
        the time stated below — Zürich, 14 März 2025, fee €12.50.
        """

    @Test(arguments: PDFStandardFont.allCases)
    func linesNeverExceedTheWidthAndKeepEveryCharacter(font: PDFStandardFont) {
        for maxWidth in [20.0, 57.5, 100, 180, 400, 1000] {
            let lines = PDFTextWrapper.lines(of: Self.paragraph, font: font, size: 11, maxWidth: maxWidth)
            for line in lines {
                #expect(PDFFontMetrics.width(of: line, font: font, size: 11) <= maxWidth, "\(line) at \(maxWidth)")
                #expect(!line.isEmpty)
            }
            #expect(lines.joined().filter { $0 != " " } == Self.paragraph.filter { $0 != " " })
        }
    }

    @Test func wordsStayWholeWhenTheyFit() {
        // Courier at 10 points: 6 points a character.
        #expect(PDFTextWrapper.lines(of: "aaa bbb ccc", font: .courier, size: 10, maxWidth: 41) == ["aaa", "bbb", "ccc"])
        #expect(PDFTextWrapper.lines(of: "aaa bbb ccc", font: .courier, size: 10, maxWidth: 42) == ["aaa bbb", "ccc"])
        #expect(PDFTextWrapper.lines(of: "aaa bbb ccc", font: .courier, size: 10, maxWidth: 66) == ["aaa bbb ccc"])
    }

    @Test func longHashesBreakBetweenCharacters() {
        let hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
        let lines = PDFTextWrapper.lines(of: "SHA-256: " + hash, font: .courier, size: 10, maxWidth: 100)
        #expect(lines == ["SHA-256:", "9f86d081884c7d65", "9a2feaa0c55ad015", "a3bf4f1b2b0b822c", "d15d6c15b0f00a08"])
    }

    @Test func lineBreaksAndEmptyText() {
        #expect(PDFTextWrapper.lines(of: "a\n\nb  c\r\nd", font: .helvetica, size: 10, maxWidth: 500) == ["a", "", "b c", "d"])
        #expect(PDFTextWrapper.lines(of: "", font: .helvetica, size: 10, maxWidth: 500) == [""])
    }

    @Test func aCharacterWiderThanTheWidthGetsItsOwnLine() {
        #expect(PDFTextWrapper.lines(of: "WW W", font: .helvetica, size: 10, maxWidth: 1) == ["W", "W", "W"])
    }
}
