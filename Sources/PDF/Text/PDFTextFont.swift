/// A font as text extraction needs it (ISO 32000-1 §9.4.4, §9.10): how the strings shown with
/// it split into character codes, how far each code moves the pen, and which Unicode text
/// each code stands for. ``PDFFile/textFont(from:)`` reads one from a font dictionary.
struct PDFTextFont: Sendable {
    /// How strings split into codes.
    enum CodeSpace: Sendable {
        /// One byte a code: simple fonts.
        case singleByte
        /// Two bytes a code, big-endian: composite fonts with `Identity-H`, `Identity-V` or
        /// another predefined CMap.
        case twoBytes
        /// As an embedded encoding CMap's code space ranges say.
        case ranges(PDFCharacterMap)
    }

    /// One character code of a shown string.
    struct Code: Equatable {
        /// The code's value, its bytes read big-endian.
        var value: UInt32
        /// How many bytes it took.
        var length: Int

        /// Whether this is the single-byte code 32, the only code word spacing applies to
        /// (§9.3.3).
        var isSingleByteSpace: Bool { length == 1 && value == 32 }
    }

    /// How strings split into codes.
    var codeSpace: CodeSpace = .singleByte
    /// The horizontal advance of codes in text space units at font size 1 (glyph widths
    /// divided by 1000, or mapped through a Type 3 font's matrix).
    var widthByCode: [UInt32: Double] = [:]
    /// The advance of codes that ``widthByCode`` lacks.
    var defaultWidth: Double = 0
    /// The Unicode text of codes; codes it lacks stand for no known text.
    var textByCode: [UInt32: String] = [:]
    /// Whether the font writes vertically (a composite font with an encoding whose writing
    /// mode is 1, such as `Identity-V`).
    var isVertical = false
    /// In vertical writing, the vertical advance at font size 1, negative for downwards
    /// (the second number of the CIDFont's `/DW2`, divided by 1000; −1 by default).
    var verticalAdvance: Double = -1

    /// The first `maximumCount` codes of `string`, in order; a last code whose bytes run
    /// short is read from the bytes that are left.
    func codes(in string: [UInt8], maximumCount: Int) -> [Code] {
        var codes: [Code] = []
        var index = 0
        while index < string.count, codes.count < maximumCount {
            let length: Int
            switch codeSpace {
            case .singleByte: length = 1
            case .twoBytes: length = min(2, string.count - index)
            case .ranges(let map): length = min(map.codeLength(in: string, at: index), string.count - index)
            }
            let value = string[index..<index + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            codes.append(Code(value: value, length: length))
            index += length
        }
        return codes
    }

    /// The horizontal advance of `code` at font size 1.
    func width(of code: Code) -> Double {
        widthByCode[code.value] ?? defaultWidth
    }

    /// The Unicode text of `code`; empty when the font does not say.
    func text(of code: Code) -> String {
        textByCode[code.value] ?? ""
    }
}
