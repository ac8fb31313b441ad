/// Reads a content stream (ISO 32000-1 §7.8.2) as a sequence of operations: operands, then
/// the operator they belong to.
///
/// The reader is total. Operands that do not parse are dropped, stray `]` and `>>` are
/// skipped, and no more than ``maximumOperandCount`` operands are kept before an operator (the
/// latest ones), so that junk cannot grow memory without bound. Inline images
/// (`BI … ID … EI`, §8.9.7) are skipped whole, with their binary data: they are never
/// reported as operations.
struct PDFContentStreamReader {
    /// The most operands kept for one operator; no operator takes more.
    static let maximumOperandCount = 32

    /// The parser the operands are read with; its lexer reads the operators.
    private var parser: PDFParser

    /// Creates a reader of the content stream `bytes`; `limits` bounds operand nesting.
    init(bytes: [UInt8], limits: PDFReadLimits) {
        parser = PDFParser(bytes: bytes, limits: limits)
    }

    /// The next operation, or `nil` at the end of the stream. Operands after the last
    /// operator are dropped.
    mutating func next() -> PDFContentOperation? {
        var operands: [PDFObject] = []
        while true {
            switch parser.lexer.peek() {
            case .end:
                return nil
            case .keyword(let word) where !["true", "false", "null"].contains(word):
                _ = parser.lexer.next()
                if word == "BI" {
                    skipInlineImage()
                    operands.removeAll()
                    continue
                }
                return PDFContentOperation(operands: operands, operatorName: word)
            case .arrayEnd, .dictionaryEnd:
                _ = parser.lexer.next()
            default:
                guard let operand = try? parser.parseObject() else {
                    operands.removeAll()
                    continue
                }
                operands.append(operand)
                if operands.count > Self.maximumOperandCount {
                    operands.removeFirst()
                }
            }
        }
    }

    /// Skips an inline image after its `BI`: the dictionary up to `ID`, the data, and `EI`.
    private mutating func skipInlineImage() {
        var entries: [(key: String, value: PDFObject)] = []
        var pendingKey: String?
        readingDictionary: while true {
            switch parser.lexer.peek() {
            case .end:
                return
            case .keyword("ID"):
                _ = parser.lexer.next()
                break readingDictionary
            case .keyword("EI"):
                _ = parser.lexer.next()
                return
            default:
                guard let object = try? parser.parseObject() else { continue }
                if let key = pendingKey {
                    entries.append((key, object))
                    pendingKey = nil
                } else {
                    pendingKey = object.nameValue
                }
            }
        }
        let bytes = parser.lexer.bytes
        var dataStart = parser.lexer.position
        if dataStart < bytes.count, PDFCharacterClass.isWhitespace(bytes[dataStart]) {
            dataStart += 1
        }
        let image = PDFInlineImageHeader(dictionary: PDFDictionary(entries))
        if let length = image.dataLength, length <= bytes.count - dataStart,
            let end = Self.endKeyword(in: bytes, after: dataStart + length, strict: true)
        {
            parser.lexer.position = end
        } else {
            parser.lexer.position = Self.endKeyword(in: bytes, after: dataStart, strict: false) ?? bytes.count
        }
    }

    /// The offset after the `EI` that ends inline image data running from `start`.
    ///
    /// When `strict`, `EI` must follow `start` after nothing but white space. Otherwise the
    /// first `EI` is taken that stands between white space and white space (or the end), and
    /// is followed by text rather than binary bytes, the way lenient readers find the end of
    /// filtered image data.
    private static func endKeyword(in bytes: [UInt8], after start: Int, strict: Bool) -> Int? {
        let keyword: [UInt8] = [UInt8(ascii: "E"), UInt8(ascii: "I")]
        if strict {
            var index = start
            while index < bytes.count, PDFCharacterClass.isWhitespace(bytes[index]) {
                index += 1
            }
            guard index + 2 <= bytes.count, bytes[index..<index + 2].elementsEqual(keyword), endsWord(bytes, at: index + 2) else {
                return nil
            }
            return index + 2
        }
        var index = start
        while let found = PDFParser.firstIndex(of: keyword, in: bytes, from: index) {
            let precededBySpace = found == start || PDFCharacterClass.isWhitespace(bytes[found - 1])
            if precededBySpace, endsWord(bytes, at: found + 2), looksLikeText(bytes, from: found + 2) {
                return found + 2
            }
            index = found + 1
        }
        return nil
    }

    /// Whether a keyword that ends just before `index` ends there: the input ends or white
    /// space or a delimiter follows.
    private static func endsWord(_ bytes: [UInt8], at index: Int) -> Bool {
        index >= bytes.count || !PDFCharacterClass.isRegular(bytes[index])
    }

    /// Whether the bytes from `index` (at most 64 of them) are printable ASCII or white
    /// space, as content-stream operators after an image are.
    private static func looksLikeText(_ bytes: [UInt8], from index: Int) -> Bool {
        bytes[index..<min(bytes.count, index + 64)].allSatisfy { byte in
            PDFCharacterClass.isWhitespace(byte) || (0x20...0x7E).contains(byte)
        }
    }
}
