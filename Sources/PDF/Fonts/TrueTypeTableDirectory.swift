/// The tables of one font in a TrueType file or collection, found through its table
/// directory (OpenType specification, "Organization of an OpenType font").
struct TrueTypeTableDirectory: Sendable {
    /// `0x00010000`, the version of a TrueType font.
    private static let trueTypeVersion: UInt32 = 0x0001_0000
    /// `true`, the version some Apple TrueType fonts have instead.
    private static let appleTrueTypeVersion: UInt32 = 0x7472_7565
    /// `OTTO`, the version of an OpenType font with PostScript (CFF) outlines.
    private static let postScriptVersion: UInt32 = 0x4F54_544F
    /// `ttcf`, the tag that starts a font collection.
    private static let collectionTag: UInt32 = 0x7474_6366

    /// Each table by its tag; of two tables with one tag, the first.
    let tables: [String: FontDataView]

    /// Reads the table directory of font `index` of `bytes`: of a collection, its font at
    /// that index; of a single font, which must then be index 0, the font itself.
    init(bytes: [UInt8], index: Int) throws(TrueTypeFontError) {
        let file = try FontDataView(bytes: bytes, range: 0..<bytes.count, name: "font file")
        var directoryOffset = 0
        if try file.uint32(at: 0) == Self.collectionTag {
            let fontCount = Int(try file.uint32(at: 8))
            guard index >= 0, index < fontCount else { throw .fontIndexOutOfRange(index: index, count: fontCount) }
            directoryOffset = Int(try file.uint32(at: 12 + 4 * index))
        } else if index != 0 {
            throw .fontIndexOutOfRange(index: index, count: 1)
        }

        switch try file.uint32(at: directoryOffset) {
        case Self.trueTypeVersion, Self.appleTrueTypeVersion: break
        case Self.postScriptVersion: throw .postScriptOutlines
        default: throw .notATrueTypeFont
        }
        let tableCount = Int(try file.uint16(at: directoryOffset + 4))
        var tables: [String: FontDataView] = [:]
        for record in 0..<tableCount {
            let recordOffset = directoryOffset + 12 + 16 * record
            let tag = try file.tag(at: recordOffset)
            let offset = Int(try file.uint32(at: recordOffset + 8))
            let length = Int(try file.uint32(at: recordOffset + 12))
            if tables[tag] == nil {
                tables[tag] = try file.subview(at: offset, count: length, name: "'\(tag)' table")
            }
        }
        self.tables = tables
    }

    /// The table tagged `tag`; throws ``TrueTypeFontError/missingTable(_:)`` when the font
    /// has none.
    func required(_ tag: String) throws(TrueTypeFontError) -> FontDataView {
        guard let table = tables[tag] else { throw .missingTable(tag) }
        return table
    }
}
