/// The Unicode character-to-glyph mapping of a font, read from one subtable of its `cmap`
/// table: format 12 (all of Unicode) when the font has one, else format 4 (the Basic
/// Multilingual Plane).
struct TrueTypeCharacterMap: Sendable {
    /// A run of consecutive characters of a format 4 subtable.
    private struct Segment: Sendable {
        /// The first character.
        let start: UInt32
        /// The last character.
        let end: UInt32
        /// Added, modulo 65536, to the character (or to the glyph found through
        /// ``rangeOffset``) to give the glyph.
        let delta: UInt16
        /// 0 when the glyph comes from the character and ``delta`` alone; otherwise the
        /// offset, from this value's own position in the subtable, of the glyph of ``start``
        /// in the glyph array.
        let rangeOffset: Int
        /// The position of ``rangeOffset`` in the subtable.
        let rangeOffsetPosition: Int
    }

    /// A run of consecutive characters mapped to consecutive glyphs, of a format 12 subtable.
    private struct Group: Sendable {
        /// The first character.
        let start: UInt32
        /// The last character.
        let end: UInt32
        /// The glyph of ``start``.
        let startGlyph: UInt32
    }

    /// How the chosen subtable maps characters.
    private enum Lookup: Sendable {
        /// A format 4 subtable, its segments sorted by end character.
        case segments([Segment], subtable: FontDataView)
        /// A format 12 subtable, its groups sorted by start character.
        case groups([Group])
        /// No Unicode subtable: every character maps to glyph 0.
        case none
    }

    /// The chosen subtable.
    private let lookup: Lookup

    /// Reads the best Unicode subtable of the `cmap` table `table`: a format 12 subtable for
    /// Unicode (platform 0) or Windows full Unicode (3, 10), else a format 4 one for Unicode
    /// or Windows BMP (3, 1). A font without either, or without a `cmap` table (`nil`), as
    /// fonts embedded in PDF files often are, maps nothing.
    init(table: FontDataView?) throws(TrueTypeFontError) {
        guard let table else {
            lookup = .none
            return
        }
        let subtableCount = Int(try table.uint16(at: 2))
        var format4: FontDataView?
        var format12: FontDataView?
        for record in 0..<subtableCount {
            let platform = try table.uint16(at: 4 + 8 * record)
            let encoding = try table.uint16(at: 6 + 8 * record)
            let offset = Int(try table.uint32(at: 8 + 8 * record))
            let isUnicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard isUnicode else { continue }
            let format = try table.uint16(at: offset)
            if format == 12, format12 == nil {
                let length = Int(try table.uint32(at: offset + 4))
                format12 = try table.subview(at: offset, count: length, name: "'cmap' format 12")
            } else if format == 4, format4 == nil {
                // The view runs to the end of the table: large subtables overflow their 16-bit
                // length field, and every read is bounds-checked anyway.
                format4 = try table.subview(at: offset, count: table.count - offset, name: "'cmap' format 4")
            }
        }
        if let format12 {
            lookup = .groups(try Self.groups(of: format12))
        } else if let format4 {
            lookup = .segments(try Self.segments(of: format4), subtable: format4)
        } else {
            lookup = .none
        }
    }

    /// The glyph of `character`, or 0 when the subtable maps it to none.
    func glyphID(for character: UInt32) -> Int {
        switch lookup {
        case .none:
            return 0
        case .groups(let groups):
            guard let group = Self.last(in: groups, where: { $0.start <= character }), character <= group.end else {
                return 0
            }
            return Int(group.startGlyph) + Int(character - group.start)
        case .segments(let segments, let subtable):
            guard character <= 0xFFFF, let index = Self.first(in: segments, where: { $0.end >= character }) else {
                return 0
            }
            let segment = segments[index]
            guard segment.start <= character else { return 0 }
            if segment.rangeOffset == 0 {
                return Int(UInt16(truncatingIfNeeded: character) &+ segment.delta)
            }
            let position = segment.rangeOffsetPosition + segment.rangeOffset + 2 * Int(character - segment.start)
            guard let glyph = try? subtable.uint16(at: position), glyph != 0 else { return 0 }
            return Int(glyph &+ segment.delta)
        }
    }

    /// The segments of the format 4 subtable `subtable`, sorted by end character.
    private static func segments(of subtable: FontDataView) throws(TrueTypeFontError) -> [Segment] {
        let segmentCount = Int(try subtable.uint16(at: 6)) / 2
        let endCodes = 14
        let startCodes = endCodes + 2 * segmentCount + 2
        let deltas = startCodes + 2 * segmentCount
        let rangeOffsets = deltas + 2 * segmentCount
        var segments: [Segment] = []
        segments.reserveCapacity(segmentCount)
        for index in 0..<segmentCount {
            let start = UInt32(try subtable.uint16(at: startCodes + 2 * index))
            let end = UInt32(try subtable.uint16(at: endCodes + 2 * index))
            guard start <= end else { continue }
            let position = rangeOffsets + 2 * index
            segments.append(
                Segment(
                    start: start, end: end, delta: try subtable.uint16(at: deltas + 2 * index),
                    rangeOffset: Int(try subtable.uint16(at: position)), rangeOffsetPosition: position
                )
            )
        }
        return segments.sorted { $0.end < $1.end }
    }

    /// The groups of the format 12 subtable `subtable`, sorted by start character.
    private static func groups(of subtable: FontDataView) throws(TrueTypeFontError) -> [Group] {
        let groupCount = Int(try subtable.uint32(at: 12))
        guard groupCount <= (subtable.count - 16) / 12 else { throw .truncated(subtable.name) }
        var groups: [Group] = []
        groups.reserveCapacity(groupCount)
        for index in 0..<groupCount {
            let offset = 16 + 12 * index
            let start = try subtable.uint32(at: offset)
            let end = try subtable.uint32(at: offset + 4)
            guard start <= end else { continue }
            groups.append(Group(start: start, end: end, startGlyph: try subtable.uint32(at: offset + 8)))
        }
        return groups.sorted { $0.start < $1.start }
    }

    /// The index of the first element of `sorted` that satisfies `predicate`, which is false
    /// for a prefix of the array and true for the rest; `nil` when none does.
    private static func first<Element>(in sorted: [Element], where predicate: (Element) -> Bool) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(sorted[middle]) { high = middle } else { low = middle + 1 }
        }
        return low < sorted.count ? low : nil
    }

    /// The last element of `sorted` that satisfies `predicate`, which is true for a prefix of
    /// the array and false for the rest; `nil` when none does.
    private static func last<Element>(in sorted: [Element], where predicate: (Element) -> Bool) -> Element? {
        let firstFailing = first(in: sorted) { !predicate($0) } ?? sorted.count
        return firstFailing > 0 ? sorted[firstFailing - 1] : nil
    }
}
