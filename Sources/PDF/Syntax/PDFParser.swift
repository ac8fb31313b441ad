/// Parses PDF objects and indirect objects from tokens (ISO 32000-1 §7.3).
///
/// The parser is total: every input gives an object or a ``PDFReadError``. Nesting deeper
/// than ``PDFReadLimits/maximumNesting`` is an error, never a stack overflow.
struct PDFParser {
    /// The tokens.
    var lexer: PDFLexer
    /// The nesting bound.
    let limits: PDFReadLimits

    /// Creates a parser reading `bytes` from `position`.
    init(bytes: [UInt8], position: Int = 0, limits: PDFReadLimits = .standard) {
        lexer = PDFLexer(bytes: bytes, position: position)
        self.limits = limits
    }

    /// Parses one object: a value, an array, a dictionary or a reference `n g R`.
    mutating func parseObject() throws(PDFReadError) -> PDFObject {
        try parseObject(depth: 0)
    }

    /// Parses one object nested `depth` levels deep.
    private mutating func parseObject(depth: Int) throws(PDFReadError) -> PDFObject {
        let start = lexer.position
        switch lexer.next() {
        case .integer(let value):
            return referenceOrInteger(value)
        case .real(let value):
            return .real(value)
        case .name(let name):
            return .name(name)
        case .string(let bytes):
            return .string(bytes)
        case .hexString(let bytes):
            return .hexString(bytes)
        case .arrayStart:
            return .array(try parseArrayElements(depth: depth + 1, start: start))
        case .dictionaryStart:
            return .dictionary(try parseDictionaryEntries(depth: depth + 1, start: start))
        case .keyword("null"):
            return .null
        case .keyword("true"):
            return .boolean(true)
        case .keyword("false"):
            return .boolean(false)
        case .keyword(let word):
            throw .syntax("unexpected '\(word.prefix(20))'", offset: start)
        case .arrayEnd, .dictionaryEnd:
            throw .syntax("unexpected end of a container", offset: start)
        case .end:
            throw .syntax("unexpected end of file", offset: start)
        }
    }

    /// The reference `value g R` when the next tokens are a generation and `R`, else the
    /// integer `value` with the lexer left after it.
    private mutating func referenceOrInteger(_ value: Int) -> PDFObject {
        let afterValue = lexer.position
        if value > 0, case .integer(let generation) = lexer.next(), generation >= 0,
            case .keyword("R") = lexer.next()
        {
            return .reference(PDFReference(number: value, generation: generation))
        }
        lexer.position = afterValue
        return .integer(value)
    }

    /// Parses array elements up to `]`.
    private mutating func parseArrayElements(depth: Int, start: Int) throws(PDFReadError) -> [PDFObject] {
        guard depth <= limits.maximumNesting else {
            throw .limitExceeded("objects nested deeper than \(limits.maximumNesting) levels at byte \(start)")
        }
        var elements: [PDFObject] = []
        while true {
            switch lexer.peek() {
            case .arrayEnd:
                _ = lexer.next()
                return elements
            case .end:
                throw .syntax("unterminated array", offset: start)
            default:
                elements.append(try parseObject(depth: depth))
            }
        }
    }

    /// Parses dictionary entries up to `>>`. A key that is not a name is skipped with its
    /// value; a key without a value before `>>` is dropped.
    private mutating func parseDictionaryEntries(depth: Int, start: Int) throws(PDFReadError) -> PDFDictionary {
        guard depth <= limits.maximumNesting else {
            throw .limitExceeded("objects nested deeper than \(limits.maximumNesting) levels at byte \(start)")
        }
        var entries: [(key: String, value: PDFObject)] = []
        while true {
            let keyStart = lexer.position
            switch lexer.next() {
            case .dictionaryEnd:
                return PDFDictionary(entries)
            case .end:
                throw .syntax("unterminated dictionary", offset: start)
            case .name(let key):
                if case .dictionaryEnd = lexer.peek() {
                    continue
                }
                entries.append((key, try parseObject(depth: depth)))
            default:
                lexer.position = keyStart
                _ = try parseObject(depth: depth)
            }
        }
    }

    /// Parses the indirect object `n g obj … endobj` that starts at the lexer's position,
    /// with its stream data when it is a stream.
    ///
    /// `length` resolves an indirect `/Length`; it returns `nil` when the length cannot be
    /// known. When the length is missing or wrong, the data runs to the `endstream` keyword.
    mutating func parseIndirectObject(
        length: (PDFReference) -> Int?
    ) throws(PDFReadError) -> (reference: PDFReference, object: PDFIndirectObject) {
        let start = lexer.position
        guard case .integer(let number) = lexer.next(), number >= 0,
            case .integer(let generation) = lexer.next(), generation >= 0,
            case .keyword("obj") = lexer.next()
        else {
            throw .syntax("expected an object header 'n g obj'", offset: start)
        }
        let reference = PDFReference(number: number, generation: generation)
        let object: PDFObject
        if case .keyword("endobj") = lexer.peek() {
            object = .null
        } else {
            object = try parseObject()
        }

        if case .dictionary(let dictionary) = object, case .keyword("stream") = lexer.peek() {
            _ = lexer.next()
            let data = streamData(dictionary: dictionary, length: length)
            return (reference, .stream(PDFStream(dictionary: dictionary, data: data)))
        }
        if case .keyword("endobj") = lexer.peek() {
            _ = lexer.next()
        }
        return (reference, .object(object))
    }

    /// Reads stream data after the `stream` keyword, leaving the lexer after `endstream`.
    private mutating func streamData(dictionary: PDFDictionary, length: (PDFReference) -> Int?) -> [UInt8] {
        let bytes = lexer.bytes
        var dataStart = lexer.position
        if dataStart < bytes.count, bytes[dataStart] == 0x0D { dataStart += 1 }
        if dataStart < bytes.count, bytes[dataStart] == 0x0A { dataStart += 1 }

        var declared: Int?
        switch dictionary["Length"] {
        case .integer(let value)?: declared = value
        case .reference(let reference)?: declared = length(reference)
        default: declared = nil
        }
        if let declared, declared >= 0, declared <= bytes.count - dataStart,
            Self.isEndStream(bytes, at: dataStart + declared)
        {
            lexer.position = dataStart + declared
            _ = lexer.next()
            skipEndObject()
            return Array(bytes[dataStart..<dataStart + declared])
        }

        let keyword = Array("endstream".utf8)
        let found = Self.firstIndex(of: keyword, in: bytes, from: dataStart) ?? bytes.count
        var dataEnd = found
        if dataEnd > dataStart, bytes[dataEnd - 1] == 0x0A { dataEnd -= 1 }
        if dataEnd > dataStart, bytes[dataEnd - 1] == 0x0D { dataEnd -= 1 }
        lexer.position = min(bytes.count, found + keyword.count)
        skipEndObject()
        return Array(bytes[dataStart..<dataEnd])
    }

    /// Consumes an `endobj` keyword when it comes next.
    private mutating func skipEndObject() {
        if case .keyword("endobj") = lexer.peek() {
            _ = lexer.next()
        }
    }

    /// Whether `endstream` follows `offset`, after optional white space.
    private static func isEndStream(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = offset
        while index < bytes.count, PDFCharacterClass.isWhitespace(bytes[index]) {
            index += 1
        }
        let keyword = Array("endstream".utf8)
        guard index + keyword.count <= bytes.count else { return false }
        return bytes[index..<index + keyword.count].elementsEqual(keyword)
    }

    /// The first offset at or after `start` where `needle` occurs in `bytes`.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = max(0, start)
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The last offset at or before `end - needle.count` where `needle` occurs in `bytes`.
    static func lastIndex(of needle: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = min(end, bytes.count) - needle.count
        while index >= 0 {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index -= 1
        }
        return nil
    }
}
