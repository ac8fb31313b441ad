/// The components of a composite glyph, one built from other glyphs (OpenType
/// specification, "glyf — Glyph data", composite glyph description).
enum TrueTypeCompositeGlyph {
    /// Set when the component's offsets are 16-bit rather than 8-bit.
    private static let argumentsAreWords: UInt16 = 0x0001
    /// Set when the component is scaled by one factor.
    private static let hasScale: UInt16 = 0x0008
    /// Set when another component follows this one.
    private static let moreComponents: UInt16 = 0x0020
    /// Set when the component is scaled by separate x and y factors.
    private static let hasXAndYScale: UInt16 = 0x0040
    /// Set when the component is transformed by a 2×2 matrix.
    private static let hasTwoByTwo: UInt16 = 0x0080

    /// The offsets, within `glyph`, of the glyph ids of its components; empty for a simple
    /// glyph (one with contours of its own) and an empty one. Throws when a component record
    /// runs past the end of the glyph.
    static func componentIDOffsets(in glyph: FontDataView) throws(TrueTypeFontError) -> [Int] {
        guard glyph.count > 0, try glyph.int16(at: 0) < 0 else { return [] }
        var offsets: [Int] = []
        var offset = 10
        while true {
            let flags = try glyph.uint16(at: offset)
            offsets.append(offset + 2)
            offset += 4 + (flags & argumentsAreWords != 0 ? 4 : 2)
            if flags & hasScale != 0 {
                offset += 2
            } else if flags & hasXAndYScale != 0 {
                offset += 4
            } else if flags & hasTwoByTwo != 0 {
                offset += 8
            }
            guard offset <= glyph.count else { throw .truncated(glyph.name) }
            guard flags & moreComponents != 0 else { return offsets }
        }
    }

    /// The glyph ids of the components of `glyph`, in order; empty for a glyph that is not
    /// composite.
    static func componentIDs(in glyph: FontDataView) throws(TrueTypeFontError) -> [Int] {
        var ids: [Int] = []
        for offset in try componentIDOffsets(in: glyph) {
            ids.append(Int(try glyph.uint16(at: offset)))
        }
        return ids
    }
}
