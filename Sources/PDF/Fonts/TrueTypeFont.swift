/// A TrueType font (or an OpenType font with TrueType outlines) read from untrusted bytes:
/// the metrics a PDF writer needs, character-to-glyph mapping, and access to the tables and
/// glyph outlines for subsetting (OpenType specification 1.9, "Font tables").
///
/// Reading checks every offset and length against the bytes, so malformed input throws a
/// ``TrueTypeFontError`` and never reads out of bounds. Fonts with PostScript outlines
/// (`OTTO`) are refused; a font of a collection (`ttcf`) is chosen by index.
public struct TrueTypeFont: Sendable {
    /// A rectangle in font units.
    public struct BoundingBox: Sendable, Equatable {
        /// The left edge.
        public let xMin: Int
        /// The bottom edge.
        public let yMin: Int
        /// The right edge.
        public let xMax: Int
        /// The top edge.
        public let yMax: Int
    }

    /// The font's tables.
    let directory: TrueTypeTableDirectory
    /// The `glyf` table, holding the glyph outlines.
    let glyphTable: FontDataView
    /// The range of each glyph's outline in ``glyphTable``, by glyph id.
    private let glyphRanges: [Range<Int>]
    /// The advance width of each glyph, by glyph id, in font units.
    private let advanceWidths: [UInt16]
    /// The `hmtx` table, holding the advance widths and left side bearings.
    private let horizontalMetrics: FontDataView
    /// The number of glyphs with an advance width of their own in ``horizontalMetrics``; the
    /// others have the last one's, and only a left side bearing.
    private let horizontalMetricCount: Int
    /// The Unicode mapping of the `cmap` table; empty when the font has none.
    private let characterMap: TrueTypeCharacterMap

    /// The number of font units per em, the scale of every other metric.
    public let unitsPerEm: Int
    /// The number of glyphs, glyph 0 (`.notdef`) included.
    public let glyphCount: Int
    /// The box that holds every glyph, in font units.
    public let boundingBox: BoundingBox
    /// The height above the baseline that lines are set for, in font units: the typographic
    /// ascender of the `OS/2` table, else that of `hhea`.
    public let ascender: Int
    /// The depth below the baseline, in font units, negative: the typographic descender of
    /// the `OS/2` table, else that of `hhea`.
    public let descender: Int
    /// The height of capital letters, in font units: from the `OS/2` table when it gives
    /// one, else the ascender.
    public let capHeight: Int
    /// The slant of the font, in degrees counter-clockwise from vertical; 0 when the font
    /// has no `post` table.
    public let italicAngle: Double
    /// Whether every glyph has the same advance width, as the `post` table says.
    public let isFixedPitch: Bool
    /// The weight, 100 (thin) to 900 (black), 400 being regular; 400 when the font has no
    /// `OS/2` table.
    public let weightClass: Int
    /// The PostScript name from the `name` table, restricted to the characters a PDF name
    /// holds without escapes; `Embedded` when the font has none.
    public let postScriptName: String

    /// Reads font `index` of `bytes`, a TrueType font file or collection.
    public init(bytes: [UInt8], index: Int = 0) throws(TrueTypeFontError) {
        let directory = try TrueTypeTableDirectory(bytes: bytes, index: index)
        self.directory = directory

        let head = try directory.required("head")
        guard try head.uint32(at: 12) == 0x5F0F_3CF5 else { throw .malformedTable("head", "wrong magic number") }
        unitsPerEm = Int(try head.uint16(at: 18))
        guard (16...16384).contains(unitsPerEm) else { throw .malformedTable("head", "unitsPerEm \(unitsPerEm)") }
        boundingBox = BoundingBox(
            xMin: Int(try head.int16(at: 36)), yMin: Int(try head.int16(at: 38)),
            xMax: Int(try head.int16(at: 40)), yMax: Int(try head.int16(at: 42))
        )
        let longOffsets: Bool
        switch try head.int16(at: 50) {
        case 0: longOffsets = false
        case 1: longOffsets = true
        case let format: throw .malformedTable("head", "indexToLocFormat \(format)")
        }

        glyphCount = Int(try directory.required("maxp").uint16(at: 4))
        guard glyphCount > 0 else { throw .malformedTable("maxp", "no glyphs") }

        let hhea = try directory.required("hhea")
        let metricCount = Int(try hhea.uint16(at: 34))
        guard (1...glyphCount).contains(metricCount) else {
            throw .malformedTable("hhea", "numberOfHMetrics \(metricCount) for \(glyphCount) glyphs")
        }
        let hmtx = try directory.required("hmtx")
        var advanceWidths: [UInt16] = []
        advanceWidths.reserveCapacity(glyphCount)
        for glyph in 0..<metricCount {
            advanceWidths.append(try hmtx.uint16(at: 4 * glyph))
        }
        advanceWidths += repeatElement(advanceWidths[metricCount - 1], count: glyphCount - metricCount)
        self.advanceWidths = advanceWidths
        horizontalMetrics = hmtx
        horizontalMetricCount = metricCount

        glyphTable = try directory.required("glyf")
        glyphRanges = try Self.glyphRanges(
            loca: try directory.required("loca"), longOffsets: longOffsets, glyphCount: glyphCount, glyphTableSize: glyphTable.count
        )
        characterMap = try TrueTypeCharacterMap(table: directory.tables["cmap"])

        var ascender = Int(try hhea.int16(at: 4))
        var descender = Int(try hhea.int16(at: 6))
        var capHeight: Int?
        var weightClass = 400
        if let os2 = directory.tables["OS/2"], os2.count >= 78 {
            weightClass = Int(try os2.uint16(at: 4))
            ascender = Int(try os2.int16(at: 68))
            descender = Int(try os2.int16(at: 70))
            if try os2.uint16(at: 0) >= 2, os2.count >= 90 {
                capHeight = Int(try os2.int16(at: 88))
            }
        }
        self.ascender = ascender
        self.descender = descender
        self.capHeight = capHeight.flatMap { $0 > 0 ? $0 : nil } ?? ascender
        self.weightClass = weightClass

        if let post = directory.tables["post"], post.count >= 16 {
            italicAngle = Double(Int32(bitPattern: try post.uint32(at: 4))) / 65536
            isFixedPitch = try post.uint32(at: 12) != 0
        } else {
            italicAngle = 0
            isFixedPitch = false
        }
        let name = directory.tables["name"].flatMap { try? TrueTypeNameTable.postScriptName(in: $0) }
        postScriptName = name ?? "Embedded"
    }

    /// The glyph that the font's `cmap` maps `scalar` to; 0 (`.notdef`) when it maps it to
    /// none or to a glyph the font does not have.
    public func glyphID(for scalar: Unicode.Scalar) -> Int {
        let glyph = characterMap.glyphID(for: scalar.value)
        return glyph < glyphCount ? glyph : 0
    }

    /// The advance width of `glyph` in font units; that of glyph 0 for ids the font does not
    /// have.
    public func advanceWidth(ofGlyph glyph: Int) -> Int {
        Int(advanceWidths.indices.contains(glyph) ? advanceWidths[glyph] : advanceWidths[0])
    }

    /// The left side bearing of `glyph` in font units, from the `hmtx` table; 0 when the table
    /// does not give one.
    func leftSideBearing(ofGlyph glyph: Int) -> Int {
        let offset =
            glyph < horizontalMetricCount
            ? 4 * glyph + 2 : 4 * horizontalMetricCount + 2 * (glyph - horizontalMetricCount)
        return (try? horizontalMetrics.int16(at: offset)).map(Int.init) ?? 0
    }

    /// The outline of `glyph` as stored in the `glyf` table, empty for a glyph without one
    /// (such as a space) and for ids the font does not have.
    func glyphData(_ glyph: Int) throws(TrueTypeFontError) -> FontDataView {
        let range = glyphRanges.indices.contains(glyph) ? glyphRanges[glyph] : 0..<0
        return try glyphTable.subview(at: range.lowerBound, count: range.count, name: "glyph \(glyph)")
    }

    /// The range of each glyph in the `glyf` table, from the `loca` table `loca`; throws
    /// when a range runs backwards or past the end of the table.
    private static func glyphRanges(
        loca: FontDataView, longOffsets: Bool, glyphCount: Int, glyphTableSize: Int
    ) throws(TrueTypeFontError) -> [Range<Int>] {
        var offsets: [Int] = []
        offsets.reserveCapacity(glyphCount + 1)
        for index in 0...glyphCount {
            offsets.append(longOffsets ? Int(try loca.uint32(at: 4 * index)) : 2 * Int(try loca.uint16(at: 2 * index)))
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(glyphCount)
        for glyph in 0..<glyphCount {
            let start = offsets[glyph]
            let end = offsets[glyph + 1]
            guard start <= end, end <= glyphTableSize else {
                throw .malformedTable("loca", "glyph \(glyph) at \(start)..<\(end) outside 'glyf'")
            }
            ranges.append(start..<end)
        }
        return ranges
    }
}
