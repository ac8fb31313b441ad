/// A TrueType font embedded in a PDF file as a subset, for text that the standard fonts
/// cannot show, such as Japanese names (ISO 32000-1 §9.7: a Type 0 font with a CIDFontType2
/// descendant).
///
/// Text is encoded as it is laid out: each Unicode scalar becomes a 2-byte code, a CID,
/// that is the glyph's id in the subset. The first use of a glyph gives it the next free
/// CID, so codes are final at once and the content stream can be written before the font.
/// After all text is encoded, ``write(to:)`` writes the font with the glyphs used.
///
/// ```swift
/// var font = try PDFEmbeddedFont(bytes: fontFileBytes)
/// let codes = font.encode("山田太郎")              // operand of Tj, as a hex string
/// let width = font.width(of: "山田太郎", size: 12)  // for layout
/// let reference = font.write(to: &sink)            // once, after the last encode
/// ```
public struct PDFEmbeddedFont: Sendable {
    /// The font the subset is taken from.
    public let font: TrueTypeFont
    /// The original glyph id of each CID, indexed by CID; CID 0 is `.notdef`.
    private(set) var glyphs: [Int] = [0]
    /// The CID of each glyph used so far, by original glyph id.
    private var cids: [Int: UInt16] = [0: 0]
    /// The text of each CID, from the first scalar encoded as it, for text extraction.
    private var texts: [UInt16: String] = [:]

    /// Embeds `font`.
    public init(font: TrueTypeFont) {
        self.font = font
    }

    /// Embeds font `index` of the TrueType font file or collection `bytes`.
    public init(bytes: [UInt8], index: Int = 0) throws(TrueTypeFontError) {
        self.init(font: try TrueTypeFont(bytes: bytes, index: index))
    }

    /// Whether the font has a glyph for every scalar of `character`; callers draw a
    /// character for which this is false in another font, as it would otherwise show as the
    /// `.notdef` glyph, usually an empty box.
    public func canEncode(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { font.glyphID(for: $0) != 0 }
    }

    /// `text` as 2-byte big-endian CIDs, one per Unicode scalar, to be shown with `Tj` as a
    /// string operand in this font. Scalars the font has no glyph for become CID 0
    /// (`.notdef`). The text is not shaped: no ligatures, no reordering, no kerning.
    public mutating func encode(_ text: String) -> [UInt8] {
        var codes: [UInt8] = []
        codes.reserveCapacity(2 * text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let cid = cid(for: scalar)
            codes.append(UInt8(cid >> 8))
            codes.append(UInt8(truncatingIfNeeded: cid))
        }
        return codes
    }

    /// The width, in points, of `text` shown in the font at `size` points: the sum of its
    /// glyphs' advance widths, as ``encode(_:)`` would encode it.
    public func width(of text: String, size: Double) -> Double {
        let units = text.unicodeScalars.reduce(0) { $0 + font.advanceWidth(ofGlyph: font.glyphID(for: $1)) }
        return Double(units) * size / Double(font.unitsPerEm)
    }

    /// The height of the font above the baseline, in points at `size` points: how far below
    /// the top of a box to put the baseline of a first line.
    public func ascent(size: Double) -> Double {
        Double(font.ascender) * size / Double(font.unitsPerEm)
    }

    /// The depth of the font below the baseline, in points at `size` points; negative.
    public func descent(size: Double) -> Double {
        Double(font.descender) * size / Double(font.unitsPerEm)
    }

    /// The height of capital letters above the baseline, in points at `size` points.
    public func capHeight(size: Double) -> Double {
        Double(font.capHeight) * size / Double(font.unitsPerEm)
    }

    /// The name of the subset of the glyphs used so far: its tag, a plus sign and the font's
    /// PostScript name.
    public var baseFontName: String {
        PDFSubsetTag.tag(fontName: font.postScriptName, glyphs: glyphs) + "+" + font.postScriptName
    }

    /// Writes the font, with the glyphs used so far, to `sink` and returns the reference of
    /// the Type 0 font dictionary, for the `/Font` resources of the pages that show text in
    /// it. Also writes its CIDFontType2 font, font descriptor, subset font program and
    /// ToUnicode CMap, the last two Flate-compressed. Call it once, after the last
    /// ``encode(_:)``.
    public func write(to sink: inout some PDFObjectSink) -> PDFReference {
        let subset = TrueTypeSubsetter.subset(of: font, glyphs: glyphs)
        let name = baseFontName
        let fontFile = sink.add(PDFStream(flateEncoding: subset.bytes, dictionary: ["Length1": .integer(subset.bytes.count)]))
        let descriptor = sink.add(.dictionary(descriptorDictionary(name: name, fontFile: fontFile)))
        let descendant = sink.add(
            .dictionary([
                "Type": .name("Font"),
                "Subtype": .name("CIDFontType2"),
                "BaseFont": .name(name),
                "CIDSystemInfo": .dictionary([
                    "Registry": .string(Array("Adobe".utf8)),
                    "Ordering": .string(Array("Identity".utf8)),
                    "Supplement": .integer(0),
                ]),
                "FontDescriptor": .reference(descriptor),
                "DW": .integer(1000),
                "W": .array([.integer(0), .array(glyphs.map { .real(scaled(font.advanceWidth(ofGlyph: $0))) })]),
                "CIDToGIDMap": .name("Identity"),
            ])
        )
        let mappings = texts.sorted { $0.key < $1.key }.map { (code: $0.key, text: $0.value) }
        let toUnicode = sink.add(PDFStream(flateEncoding: PDFToUnicodeCMap.program(for: mappings), dictionary: [:]))
        return sink.add(
            .dictionary([
                "Type": .name("Font"),
                "Subtype": .name("Type0"),
                "BaseFont": .name(name),
                "Encoding": .name("Identity-H"),
                "DescendantFonts": .array([.reference(descendant)]),
                "ToUnicode": .reference(toUnicode),
            ])
        )
    }

    /// The CID of `scalar`'s glyph, given the next free one on the glyph's first use.
    private mutating func cid(for scalar: Unicode.Scalar) -> UInt16 {
        let glyph = font.glyphID(for: scalar)
        if let cid = cids[glyph] {
            if cid != 0, texts[cid] == nil {
                texts[cid] = String(scalar)
            }
            return cid
        }
        let cid = UInt16(glyphs.count)
        glyphs.append(glyph)
        cids[glyph] = cid
        texts[cid] = String(scalar)
        return cid
    }

    /// The font descriptor (§9.8) of the subset named `name`, whose font program is
    /// `fontFile`. The flags say the font is symbolic, as it has glyphs outside the standard
    /// Latin set, and fixed-pitch and italic when it is; the dominant stem width, which a
    /// TrueType font does not record, is estimated from the weight class.
    private func descriptorDictionary(name: String, fontFile: PDFReference) -> PDFDictionary {
        let fixedPitch = 1
        let symbolic = 4
        let italic = 64
        var flags = symbolic
        if font.isFixedPitch { flags |= fixedPitch }
        if font.italicAngle != 0 { flags |= italic }
        let box = font.boundingBox
        return [
            "Type": .name("FontDescriptor"),
            "FontName": .name(name),
            "Flags": .integer(flags),
            "FontBBox": .array([box.xMin, box.yMin, box.xMax, box.yMax].map { .real(scaled($0)) }),
            "ItalicAngle": .real(font.italicAngle),
            "Ascent": .real(scaled(font.ascender)),
            "Descent": .real(scaled(font.descender)),
            "CapHeight": .real(scaled(font.capHeight)),
            "StemV": .integer(font.weightClass >= 600 ? 120 : 80),
            "FontFile2": .reference(fontFile),
        ]
    }

    /// `units` of the font in thousandths of the font size, the unit of PDF font metrics.
    private func scaled(_ units: Int) -> Double {
        Double(units) * 1000 / Double(font.unitsPerEm)
    }
}
