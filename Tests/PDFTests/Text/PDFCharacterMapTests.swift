import Testing

@testable import PDF

/// Reading CMap programs: code space ranges, `bfchar` and `bfrange` in both forms,
/// `cidchar` and `cidrange`, UTF-16 destinations, bounds, and junk.
@Suite struct PDFCharacterMapTests {
    /// `program` read as a CMap.
    static func map(_ program: String) -> PDFCharacterMap {
        PDFCharacterMap(parsing: Array(program.utf8))
    }

    @Test func readsWhatOurOwnWriterWrites() {
        let program = PDFToUnicodeCMap.program(for: [(code: 1, text: "B"), (code: 2, text: "𠮷"), (code: 3, text: "ﬃ")])
        let map = PDFCharacterMap(parsing: program)
        #expect(map.textByCode == [1: "B", 2: "𠮷", 3: "ﬃ"])
        #expect(map.codeSpaceRanges == [PDFCharacterMap.CodeSpaceRange(low: [0, 0], high: [0xFF, 0xFF])])
    }

    @Test func rangeDestinationsCountUpInTheirLastUnit() {
        let map = Self.map("1 beginbfrange <20> <22> <0041> <0100> <0101> <D83DDE00> endbfrange")
        #expect(map.textByCode == [0x20: "A", 0x21: "B", 0x22: "C", 0x100: "😀", 0x101: "😁"])
    }

    @Test func rangeArraysGiveOneDestinationPerCodeAndMayBeShort() {
        let map = Self.map("beginbfrange <0001> <0004> [<0066> <00660066> (\\000x)] endbfrange")
        #expect(map.textByCode == [1: "f", 2: "ff", 3: "x"])
    }

    @Test func glyphNameDestinationsAndOddBytes() {
        let map = Self.map("beginbfchar <01> /eacute <02> /uni0041 <03> <41> <04> <D800> endbfchar")
        #expect(map.textByCode == [1: "é", 2: "A", 3: "A", 4: "\u{FFFD}"])
    }

    @Test func codeLengthsFollowTheCodeSpaceRanges() {
        let map = Self.map("2 begincodespacerange <00> <80> <8140> <9FFC> endcodespacerange")
        let bytes: [UInt8] = [0x41, 0x81, 0x40, 0xFF, 0x90]
        #expect(map.codeLength(in: bytes, at: 0) == 1)
        #expect(map.codeLength(in: bytes, at: 1) == 2)
        // 0xFF is in no range: the shortest length is taken; a truncated code gets what is left.
        #expect(map.codeLength(in: bytes, at: 3) == 1)
        #expect(map.codeLength(in: [0x90], at: 0) == 1)
        #expect(Self.map("").codeLength(in: bytes, at: 0) == 1)
    }

    @Test func cidMappings() {
        let map = Self.map("begincidrange <0010> <0012> 100 endcidrange begincidchar <0020> 7 <0021> -3 endcidchar")
        #expect(map.cidByCode == [0x10: 100, 0x11: 101, 0x12: 102, 0x20: 7])
    }

    @Test func hugeRangesAreCut() {
        let map = Self.map("beginbfrange <00000000> <FFFFFFFF> <0041> <0000> <0001> <0041> endbfrange")
        #expect(map.textByCode.count == PDFCharacterMap.maximumMappingCount)
        #expect(map.textByCode[0] == "A")
    }

    @Test func junkGivesWhatCanBeRead() {
        let map = Self.map("beginbfchar <01> <0041> 12 <02> [ <03> <0043> endbfchar ) beginbfrange <05> <03> <0041> <06> endbfrange")
        #expect(map.textByCode[1] == "A")
        #expect(map.textByCode[5] == nil)
        #expect(Self.map("beginbfrange [").textByCode.isEmpty)
        #expect(Self.map("begincodespacerange <0000> <FF> <0102030405> <0102030405> endcodespacerange").codeSpaceRanges.isEmpty)
    }
}
