/// A CMap program read for text extraction (ISO 32000-1 §9.7.5, §9.10.3; Adobe Technical
/// Note 5014): how a string splits into character codes, and what each code stands for:
/// Unicode text (a ToUnicode CMap's `bfchar` and `bfrange` mappings) or a CID (an encoding
/// CMap's `cidchar` and `cidrange` mappings).
///
/// Reading is total and bounded: junk gives a map with whatever mappings could be read, at
/// most ``maximumCodeSpaceRangeCount`` code space ranges and ``maximumMappingCount`` mappings
/// of each kind. Only the mapping blocks are read; `usecmap` and PostScript around the
/// blocks are ignored.
struct PDFCharacterMap: Sendable {
    /// The most mappings of one kind kept, ranges counted code by code.
    static let maximumMappingCount = 1 << 17
    /// The most code space ranges kept.
    static let maximumCodeSpaceRangeCount = 64

    /// A range of codes of one byte length (`begincodespacerange`): each byte of a code lies
    /// between the bytes of `low` and `high` at the same place.
    struct CodeSpaceRange: Sendable, Equatable {
        /// The lowest bytes.
        var low: [UInt8]
        /// The highest bytes, as many as `low`.
        var high: [UInt8]

        /// Whether the bytes of `bytes` from `index` form a code of this range.
        func matches(_ bytes: [UInt8], at index: Int) -> Bool {
            guard index + low.count <= bytes.count else { return false }
            for offset in 0..<low.count where !(low[offset]...high[offset]).contains(bytes[index + offset]) {
                return false
            }
            return true
        }
    }

    /// The code space ranges, in the order given.
    private(set) var codeSpaceRanges: [CodeSpaceRange] = []
    /// The Unicode text of codes, from `bfchar` and `bfrange`.
    private(set) var textByCode: [UInt32: String] = [:]
    /// The CIDs of codes, from `cidchar` and `cidrange`.
    private(set) var cidByCode: [UInt32: Int] = [:]

    /// An element of a mapping block.
    private enum Element {
        /// A string: a code, or the UTF-16BE text of a `bfchar`/`bfrange` destination.
        case bytes([UInt8])
        /// A CID.
        case integer(Int)
        /// A glyph name, a `bfchar` destination of old CMaps.
        case name(String)
        /// The destinations of a `bfrange` array form.
        case array([[UInt8]])
        /// Anything else.
        case other
    }

    /// Reads the CMap program `bytes`.
    init(parsing bytes: [UInt8]) {
        var lexer = PDFLexer(bytes: bytes)
        while true {
            switch lexer.next() {
            case .end:
                return
            case .keyword("begincodespacerange"):
                for entry in Self.entries(of: &lexer, until: "endcodespacerange", size: 2) {
                    addCodeSpaceRange(entry)
                }
            case .keyword("beginbfchar"):
                for entry in Self.entries(of: &lexer, until: "endbfchar", size: 2) {
                    addTextMapping(entry)
                }
            case .keyword("beginbfrange"):
                for entry in Self.entries(of: &lexer, until: "endbfrange", size: 3) {
                    addTextRange(entry)
                }
            case .keyword("begincidchar"):
                for entry in Self.entries(of: &lexer, until: "endcidchar", size: 2) {
                    addCIDMapping(entry)
                }
            case .keyword("begincidrange"):
                for entry in Self.entries(of: &lexer, until: "endcidrange", size: 3) {
                    addCIDRange(entry)
                }
            default:
                continue
            }
        }
    }

    /// The byte length of the code that starts at `index` of `bytes`: that of the first code
    /// space range it belongs to; when it belongs to none, that of the shortest range; 1 when
    /// the map has no ranges. Never more than the bytes left, never less than 1.
    func codeLength(in bytes: [UInt8], at index: Int) -> Int {
        let left = bytes.count - index
        if let range = codeSpaceRanges.first(where: { $0.matches(bytes, at: index) }) {
            return range.low.count
        }
        let shortest = codeSpaceRanges.map(\.low.count).min() ?? 1
        return max(1, min(shortest, left))
    }

    /// The code that `bytes` stand for, big-endian; `nil` for none or more than four bytes.
    static func code(_ bytes: [UInt8]) -> UInt32? {
        guard (1...4).contains(bytes.count) else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The entries of a block up to `end`, `size` elements each; a last incomplete entry is
    /// dropped.
    private static func entries(of lexer: inout PDFLexer, until end: String, size: Int) -> [[Element]] {
        var entries: [[Element]] = []
        var entry: [Element] = []
        while true {
            let element: Element
            switch lexer.next() {
            case .end, .keyword(end):
                return entries
            case .hexString(let bytes), .string(let bytes):
                element = .bytes(bytes)
            case .integer(let value):
                element = .integer(value)
            case .name(let name):
                element = .name(name)
            case .arrayStart:
                element = .array(arrayOfStrings(&lexer))
            default:
                element = .other
            }
            entry.append(element)
            if entry.count == size {
                entries.append(entry)
                entry.removeAll()
            }
        }
    }

    /// The strings of an array after its `[`, up to `]`; other tokens in it are skipped.
    private static func arrayOfStrings(_ lexer: inout PDFLexer) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        while true {
            switch lexer.next() {
            case .arrayEnd, .end:
                return strings
            case .hexString(let bytes), .string(let bytes):
                strings.append(bytes)
            default:
                continue
            }
        }
    }

    /// Adds the code space range `<low> <high>`.
    private mutating func addCodeSpaceRange(_ entry: [Element]) {
        guard case .bytes(let low) = entry[0], case .bytes(let high) = entry[1], (1...4).contains(low.count),
            low.count == high.count, codeSpaceRanges.count < Self.maximumCodeSpaceRangeCount
        else { return }
        codeSpaceRanges.append(CodeSpaceRange(low: low, high: high))
    }

    /// Adds the mapping `<code> <text>` or `<code> /glyphName`.
    private mutating func addTextMapping(_ entry: [Element]) {
        guard case .bytes(let source) = entry[0], let code = Self.code(source),
            textByCode.count < Self.maximumMappingCount
        else { return }
        switch entry[1] {
        case .bytes(let destination):
            textByCode[code] = Self.text(utf16BigEndian: destination)
        case .name(let name):
            textByCode[code] = PDFGlyphNames.text(of: name)
        default:
            return
        }
    }

    /// Adds the mappings `<low> <high> <text>` (the last UTF-16 unit of the text counting up
    /// with the code) or `<low> <high> [<text> …]` (one text per code).
    private mutating func addTextRange(_ entry: [Element]) {
        guard let (low, count) = range(entry, room: Self.maximumMappingCount - textByCode.count) else { return }
        switch entry[2] {
        case .bytes(let destination):
            var units = Self.utf16Units(destination)
            guard let last = units.indices.last else { return }
            let first = units[last]
            for offset in 0..<count {
                units[last] = first &+ UInt16(truncatingIfNeeded: offset)
                textByCode[low + UInt32(offset)] = String(decoding: units, as: UTF16.self)
            }
        case .array(let destinations):
            for (offset, destination) in destinations.prefix(count).enumerated() {
                textByCode[low + UInt32(offset)] = Self.text(utf16BigEndian: destination)
            }
        default:
            return
        }
    }

    /// Adds the mapping `<code> cid`.
    private mutating func addCIDMapping(_ entry: [Element]) {
        guard case .bytes(let source) = entry[0], let code = Self.code(source), case .integer(let cid) = entry[1],
            (0...0xFFFF).contains(cid), cidByCode.count < Self.maximumMappingCount
        else { return }
        cidByCode[code] = cid
    }

    /// Adds the mappings `<low> <high> cid`, the CID counting up with the code.
    private mutating func addCIDRange(_ entry: [Element]) {
        guard let (low, count) = range(entry, room: Self.maximumMappingCount - cidByCode.count),
            case .integer(let cid) = entry[2], (0...0xFFFF).contains(cid)
        else { return }
        for offset in 0..<count {
            cidByCode[low + UInt32(offset)] = cid + offset
        }
    }

    /// The first code and the number of codes of the range `<low> <high>` that starts
    /// `entry`, cut to `room` codes; `nil` when it is no range.
    private func range(_ entry: [Element], room: Int) -> (low: UInt32, count: Int)? {
        guard case .bytes(let lowBytes) = entry[0], case .bytes(let highBytes) = entry[1],
            let low = Self.code(lowBytes), let high = Self.code(highBytes), high >= low, room > 0
        else { return nil }
        return (low, Int(min(UInt64(high - low) + 1, UInt64(room))))
    }

    /// `bytes` read as UTF-16BE code units; a last odd byte is a unit of its own.
    private static func utf16Units(_ bytes: [UInt8]) -> [UInt16] {
        stride(from: 0, to: bytes.count, by: 2).map { index in
            index + 1 < bytes.count ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index])
        }
    }

    /// The text of the UTF-16BE bytes `bytes`; unpaired surrogates become U+FFFD.
    private static func text(utf16BigEndian bytes: [UInt8]) -> String {
        String(decoding: utf16Units(bytes), as: UTF16.self)
    }
}
