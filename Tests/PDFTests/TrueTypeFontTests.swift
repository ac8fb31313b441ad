import ChanceryTestSupport
import Foundation
import Testing

@testable import PDF

/// Reads TrueType fonts, made by hand and installed, subsets them, and reads the subsets
/// back; feeds the reader malformed bytes.
@Suite struct TrueTypeFontTests {
    /// Debian's fonts-droid-fallback, a TrueType font with CJK glyphs.
    static let droidPath = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
    /// Whether the Droid font is installed.
    static let droidIsInstalled = FileManager.default.fileExists(atPath: droidPath)

    /// The Droid font.
    static func droid() throws -> TrueTypeFont {
        try TrueTypeFont(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: droidPath))))
    }

    /// Checks that `file` is a well-formed font file: tables sorted, 4-byte aligned, within
    /// the file, with right checksums, and the whole file summing to 0xB1B0AFBA.
    static func expectWellFormed(_ file: [UInt8]) throws {
        let view = try FontDataView(bytes: file, range: 0..<file.count, name: "subset")
        let tableCount = Int(try view.uint16(at: 4))
        var previousTag = ""
        for record in 0..<tableCount {
            let tag = try view.tag(at: 12 + 16 * record)
            let checksum = try view.uint32(at: 16 + 16 * record)
            let offset = Int(try view.uint32(at: 20 + 16 * record))
            let length = Int(try view.uint32(at: 24 + 16 * record))
            #expect(tag > previousTag, "tables sorted")
            #expect(offset % 4 == 0, "\(tag) aligned")
            #expect(offset + length <= file.count)
            var data = Array(file[offset..<(offset + length)])
            if tag == "head" {
                data.replaceSubrange(8..<12, with: [0, 0, 0, 0])
            }
            #expect(TrueTypeFileAssembler.checksum(of: data) == checksum, "\(tag) checksum")
            previousTag = tag
        }
        #expect(file.count % 4 == 0)
        #expect(TrueTypeFileAssembler.checksum(of: file) == 0xB1B0_AFBA)
    }

    @Test func readsAHandMadeFont() throws {
        let font = try TrueTypeFont(bytes: TestTrueTypeFont.bytes())
        #expect(font.unitsPerEm == 1000)
        #expect(font.glyphCount == 3)
        #expect(font.glyphID(for: "A") == 1)
        #expect(font.glyphID(for: "B") == 2)
        #expect(font.glyphID(for: "C") == 0)
        #expect((0..<3).map(font.advanceWidth(ofGlyph:)) == TestTrueTypeFont.advanceWidths)
        #expect(font.advanceWidth(ofGlyph: 99) == 500)
        #expect(font.boundingBox == TrueTypeFont.BoundingBox(xMin: 0, yMin: 0, xMax: 500, yMax: 700))
        #expect(font.ascender == 800 && font.descender == -200 && font.capHeight == 800)
        #expect(font.postScriptName == "Embedded")
        #expect(try TrueTypeCompositeGlyph.componentIDs(in: font.glyphData(2)) == [1])
        #expect(try TrueTypeCompositeGlyph.componentIDs(in: font.glyphData(1)).isEmpty)
    }

    @Test func readsFormat12CharacterMapsBeyondTheBasicMultilingualPlane() throws {
        func words32(_ values: [UInt32]) -> [UInt8] {
            values.flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        }
        // One Windows full Unicode subtable: A…B to glyphs 1…2, U+20BB7 to glyph 3.
        let table: [UInt8] = [0, 0, 0, 1, 0, 3, 0, 10] + words32([12, 0x000C_0000, 40, 0, 2, 0x41, 0x42, 1, 0x20BB7, 0x20BB7, 3])
        let map = try TrueTypeCharacterMap(table: FontDataView(bytes: table, range: 0..<table.count, name: "cmap"))
        #expect(map.glyphID(for: 0x41) == 1)
        #expect(map.glyphID(for: 0x42) == 2)
        #expect(map.glyphID(for: 0x43) == 0)
        #expect(map.glyphID(for: 0x20BB7) == 3)
        #expect(map.glyphID(for: 0x20BB8) == 0)

        let truncated = Array(table.dropLast(4))
        #expect(throws: TrueTypeFontError.self) {
            try TrueTypeCharacterMap(table: FontDataView(bytes: truncated, range: 0..<truncated.count, name: "cmap"))
        }
    }

    @Test func subsetAddsAndRenumbersTheComponentsOfCompositeGlyphs() throws {
        let font = try TrueTypeFont(bytes: TestTrueTypeFont.bytes())
        let subset = TrueTypeSubsetter.subset(of: font, glyphs: [0, 2])
        #expect(subset.glyphs == [0, 2, 1])
        try Self.expectWellFormed(subset.bytes)

        let reread = try TrueTypeFont(bytes: subset.bytes)
        #expect(reread.glyphCount == 3)
        #expect((0..<3).map(reread.advanceWidth(ofGlyph:)) == [500, 700, 600])
        #expect(try TrueTypeCompositeGlyph.componentIDs(in: reread.glyphData(1)) == [2])
        let original = try font.glyphData(1)
        let copy = try reread.glyphData(2)
        #expect(Array(try copy.bytes(at: 0, count: original.count)) == Array(try original.bytes(at: 0, count: original.count)))
    }

    @Test func readsAFontOfACollectionByIndex() throws {
        let single = TestTrueTypeFont.bytes()
        // A collection of one font: the header, then the font with its table offsets moved.
        var collection = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]
        var font = single
        let tableCount = Int(font[4]) << 8 | Int(font[5])
        for record in 0..<tableCount {
            let position = 12 + 16 * record + 8
            let offset = font[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) } + 16
            font.replaceSubrange(position..<(position + 4), with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: offset >> $0) })
        }
        collection += font
        let parsed = try TrueTypeFont(bytes: collection, index: 0)
        #expect(parsed.glyphID(for: "B") == 2)
        #expect(throws: TrueTypeFontError.fontIndexOutOfRange(index: 1, count: 1)) { try TrueTypeFont(bytes: collection, index: 1) }
        #expect(throws: TrueTypeFontError.fontIndexOutOfRange(index: 1, count: 1)) { try TrueTypeFont(bytes: single, index: 1) }
    }

    @Test func refusesPostScriptOutlinesAndOtherFiles() throws {
        var otto = TestTrueTypeFont.bytes()
        otto.replaceSubrange(0..<4, with: Array("OTTO".utf8))
        #expect(throws: TrueTypeFontError.postScriptOutlines) { try TrueTypeFont(bytes: otto) }
        #expect(throws: TrueTypeFontError.notATrueTypeFont) { try TrueTypeFont(bytes: Array("%PDF-1.7 not a font".utf8)) }
        #expect(throws: TrueTypeFontError.truncated("font file")) { try TrueTypeFont(bytes: []) }
        let withoutGlyphs = TrueTypeFileAssembler.assemble(TestTrueTypeFont.tables().filter { $0.tag != "glyf" })
        #expect(throws: TrueTypeFontError.missingTable("glyf")) { try TrueTypeFont(bytes: withoutGlyphs) }
    }

    @Test func malformedBytesThrowAndNeverCrash() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        let original = TestTrueTypeFont.bytes()
        var inputs: [[UInt8]] = []
        for length in 0..<original.count {
            inputs.append(Array(original.prefix(length)))
        }
        for _ in 0..<3000 {
            var mutated = original
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                mutated[Int(generator.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            inputs.append(mutated)
        }
        for _ in 0..<300 {
            inputs.append((0..<Int(generator.next() % 600)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        var parsed = 0
        for input in inputs {
            guard let font = try? TrueTypeFont(bytes: input) else { continue }
            parsed += 1
            // Whatever was read must be usable without crashing.
            for scalar in ["A", "B", "C", "\u{FFFF}", "\u{10FFFF}"] as [Unicode.Scalar] {
                _ = font.advanceWidth(ofGlyph: font.glyphID(for: scalar))
            }
            let subset = TrueTypeSubsetter.subset(of: font, glyphs: [0, 1, 2, 70_000])
            _ = try? TrueTypeFont(bytes: subset.bytes)
        }
        #expect(parsed > 0 && parsed < inputs.count)
    }

    @Test(.enabled(if: droidIsInstalled))
    func readsDroidSansFallback() throws {
        let font = try Self.droid()
        #expect(font.unitsPerEm > 0)
        #expect(font.glyphCount > 10_000)
        #expect(font.postScriptName == "DroidSansFallback")
        let japanese = "山田太郎やまだ".unicodeScalars.map(font.glyphID(for:))
        #expect(!japanese.contains(0) && Set(japanese).count == 7)
        #expect(japanese.allSatisfy { font.advanceWidth(ofGlyph: $0) == font.unitsPerEm })
        // A fallback font for CJK text: Latin letters come from another font.
        #expect("Yamada".unicodeScalars.allSatisfy { font.glyphID(for: $0) == 0 })
        #expect(font.glyphID(for: "\u{0378}") == 0)
        #expect(font.ascender > 0 && font.descender < 0)
    }

    @Test(.enabled(if: droidIsInstalled))
    func droidSubsetReadsBackWithTheSameGlyphsAndRenumberedComponents() throws {
        let font = try Self.droid()
        let used = [0] + "山田太郎".unicodeScalars.map(font.glyphID(for:))
        let subset = TrueTypeSubsetter.subset(of: font, glyphs: used)
        #expect(Array(subset.glyphs.prefix(used.count)) == used)
        #expect(subset.glyphs.count > used.count, "some of these kanji are composite glyphs")
        #expect(subset.bytes.count < 20_000)
        try Self.expectWellFormed(subset.bytes)

        let reread = try TrueTypeFont(bytes: subset.bytes)
        #expect(reread.glyphCount == subset.glyphs.count)
        #expect(reread.unitsPerEm == font.unitsPerEm)
        for (newID, oldID) in subset.glyphs.enumerated() {
            #expect(reread.advanceWidth(ofGlyph: newID) == font.advanceWidth(ofGlyph: oldID))
            let original = try font.glyphData(oldID)
            let copy = try reread.glyphData(newID)
            #expect(copy.count >= original.count && copy.count < original.count + 4)
            let originalComponents = try TrueTypeCompositeGlyph.componentIDs(in: original)
            let subsetComponents = try TrueTypeCompositeGlyph.componentIDs(in: copy)
            #expect(subsetComponents.map { subset.glyphs[$0] } == originalComponents)
            if originalComponents.isEmpty {
                #expect(Array(try copy.bytes(at: 0, count: original.count)) == Array(try original.bytes(at: 0, count: original.count)))
            }
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
    func dejaVuAccentedLettersKeepTheirComponents() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        let font = try TrueTypeFont(bytes: bytes)
        let used = [0] + "éÅñ".unicodeScalars.map(font.glyphID(for:))
        let subset = TrueTypeSubsetter.subset(of: font, glyphs: used)
        #expect(subset.glyphs.count > used.count, "components added")
        try Self.expectWellFormed(subset.bytes)
        let reread = try TrueTypeFont(bytes: subset.bytes)
        #expect(reread.glyphCount == subset.glyphs.count)
        for (newID, oldID) in subset.glyphs.enumerated() {
            let originalComponents = try TrueTypeCompositeGlyph.componentIDs(in: font.glyphData(oldID))
            let subsetComponents = try TrueTypeCompositeGlyph.componentIDs(in: reread.glyphData(newID))
            #expect(subsetComponents.map { subset.glyphs[$0] } == originalComponents)
        }
    }

    @Test func locatorFindsAFontWhereOneIsInstalled() {
        let found = PDFSystemFontLocator.cjkFont()
        let anyInstalled = PDFSystemFontLocator.cjkFontPaths.contains { FileManager.default.fileExists(atPath: $0) }
        if anyInstalled {
            #expect(found != nil)
            #expect(found?.font.glyphID(for: "山") != 0)
        }
    }
}
