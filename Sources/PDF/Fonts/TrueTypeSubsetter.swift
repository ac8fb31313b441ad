/// Makes a TrueType font that holds only some glyphs of another, renumbered, for embedding
/// in a PDF file as a subset (ISO 32000-1 §9.6.4, §9.9).
///
/// The subset has the tables a PDF consumer reads from an embedded TrueType font program
/// for a CIDFontType2 font with an identity CID-to-glyph map: `head`, `hhea`, `maxp`,
/// `hmtx`, `loca` and `glyf`, the hinting tables `cvt `, `fpgm` and `prep` when the font has
/// them, and a version 3 `post` table without glyph names. It has no `cmap`: the PDF file
/// selects glyphs by id.
enum TrueTypeSubsetter {
    /// A subset font and the glyphs it holds.
    struct Subset: Sendable {
        /// The font file.
        let bytes: [UInt8]
        /// The original id of each glyph of the subset, indexed by its new id: the glyphs
        /// asked for, in their order, then the components of composite glyphs that were not
        /// among them.
        let glyphs: [Int]
    }

    /// The subset of `font` holding `glyphs`, given by original id in the order of their new
    /// ids; the first should be 0, `.notdef`. Composite glyphs keep their components, which
    /// are added after the glyphs asked for and renumbered in the composite glyphs' data.
    /// Ids the font does not have, and composite glyphs whose data is malformed, become
    /// empty glyphs.
    static func subset(of font: TrueTypeFont, glyphs: [Int]) -> Subset {
        var order: [Int] = []
        var newIDs: [Int: Int] = [:]
        for glyph in glyphs where newIDs[glyph] == nil {
            newIDs[glyph] = order.count
            order.append(glyph)
        }
        var next = 0
        while next < order.count {
            for component in components(of: order[next], in: font) where component < font.glyphCount && newIDs[component] == nil {
                newIDs[component] = order.count
                order.append(component)
            }
            next += 1
        }

        var glyphTable: [UInt8] = []
        var locations: [UInt8] = []
        var metrics: [UInt8] = []
        for glyph in order {
            append32(glyphTable.count, to: &locations)
            glyphTable += renumberedData(of: glyph, in: font, newIDs: newIDs)
            glyphTable += repeatElement(0, count: (4 - glyphTable.count % 4) % 4)
            append16(font.advanceWidth(ofGlyph: glyph), to: &metrics)
            append16(font.leftSideBearing(ofGlyph: glyph), to: &metrics)
        }
        append32(glyphTable.count, to: &locations)

        var tables: [(tag: String, data: [UInt8])] = [
            ("glyf", glyphTable), ("loca", locations), ("hmtx", metrics),
            ("head", copy("head", of: font, count: 54) { set16(1, at: 50, in: &$0) }),
            ("hhea", copy("hhea", of: font, count: 36) { set16(order.count, at: 34, in: &$0) }),
            ("maxp", copy("maxp", of: font, count: nil) { set16(order.count, at: 4, in: &$0) }),
        ]
        for tag in ["cvt ", "fpgm", "prep"] {
            if let table = font.directory.tables[tag] {
                tables.append((tag, copy(tag, of: font, count: table.count) { _ in }))
            }
        }
        if let post = font.directory.tables["post"], post.count >= 32 {
            tables.append(("post", copy("post", of: font, count: 32) { set32(0x0003_0000, at: 0, in: &$0) }))
        }
        return Subset(bytes: TrueTypeFileAssembler.assemble(tables), glyphs: order)
    }

    /// The original ids of the components of `glyph`; none for a glyph that is not
    /// composite or whose data is malformed.
    private static func components(of glyph: Int, in font: TrueTypeFont) -> [Int] {
        guard let data = try? font.glyphData(glyph), let ids = try? TrueTypeCompositeGlyph.componentIDs(in: data) else {
            return []
        }
        return ids
    }

    /// The data of `glyph` with the ids of its components, if it is composite, replaced by
    /// their ids in `newIDs`; empty when the data cannot be read.
    private static func renumberedData(of glyph: Int, in font: TrueTypeFont, newIDs: [Int: Int]) -> [UInt8] {
        guard let view = try? font.glyphData(glyph), let offsets = try? TrueTypeCompositeGlyph.componentIDOffsets(in: view),
            let slice = try? view.bytes(at: 0, count: view.count)
        else {
            return []
        }
        var data = Array(slice)
        for offset in offsets {
            let original = Int(data[offset]) << 8 | Int(data[offset + 1])
            set16(newIDs[original] ?? 0, at: offset, in: &data)
        }
        return data
    }

    /// The first `count` bytes of `font`'s table `tag` (all of them when `count` is `nil`),
    /// padded with zeros to `count`, then changed by `edit`.
    private static func copy(_ tag: String, of font: TrueTypeFont, count: Int?, edit: (inout [UInt8]) -> Void) -> [UInt8] {
        let table = font.directory.tables[tag]
        let length = count ?? table?.count ?? 0
        let available = min(length, table?.count ?? 0)
        var data = table.flatMap { try? Array($0.bytes(at: 0, count: available)) } ?? []
        data += repeatElement(0, count: length - data.count)
        edit(&data)
        return data
    }

    /// Writes the low 16 bits of `value` big-endian at `offset` of `data`.
    private static func set16(_ value: Int, at offset: Int, in data: inout [UInt8]) {
        data[offset] = UInt8(truncatingIfNeeded: value >> 8)
        data[offset + 1] = UInt8(truncatingIfNeeded: value)
    }

    /// Writes `value` big-endian at `offset` of `data`.
    private static func set32(_ value: UInt32, at offset: Int, in data: inout [UInt8]) {
        for index in 0..<4 {
            data[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
        }
    }

    /// Appends the low 16 bits of `value` big-endian.
    private static func append16(_ value: Int, to data: inout [UInt8]) {
        data.append(UInt8(truncatingIfNeeded: value >> 8))
        data.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends the low 32 bits of `value` big-endian.
    private static func append32(_ value: Int, to data: inout [UInt8]) {
        for shift in [24, 16, 8, 0] {
            data.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
