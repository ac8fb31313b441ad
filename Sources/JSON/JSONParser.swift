/// Reads JSON text (RFC 8259, UTF-8) straight into a ``JSONValue``, without going through
/// `Decodable`, where every kind of value tried in vain costs a thrown error.
///
/// It reads what Foundation's `JSONDecoder` reads into a ``JSONValue`` and gives the same
/// value: a byte order mark and whitespace around the value are skipped, a comma may end an
/// array or an object, the first of two members with one name is kept, and numbers are
/// ``JSONValue/integer(_:)`` when they are whole and fit in `Int` (`1.0` and `1e2` too) and
/// ``JSONValue/number(_:)`` otherwise. Arrays and objects nest at most ``maximumDepth`` deep;
/// anything else (invalid UTF-8, a control character in a string, a lone surrogate, a number
/// too large for a `Double`) is a ``JSONParseError``.
struct JSONParser {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The value `text` holds, which must be all of it.
    static func parse(_ text: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: text)
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == text.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    // MARK: Values

    private mutating func value() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character where a value was expected")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let length = word.utf8CodeUnitCount
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: length)
        guard bytes.count - position >= length, bytes[position..<position + length].elementsEqual(expected) else {
            throw error("unexpected character where a value was expected")
        }
        position += length
        return value
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                elements.append(try value())
                if try endOfMember("]") { break }
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw error("an object's member must begin with its name in quotes") }
                let name = try string()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw error("a member's name must be followed by a colon") }
                position += 1
                let member = try value()
                if members[name] == nil { members[name] = member }
                if try endOfMember("}") { break }
            }
        }
        depth -= 1
        return .object(members)
    }

    /// Steps over the `{` or `[` that opens an array or an object, one level deeper.
    private mutating func enterContainer() throws(JSONParseError) {
        guard depth < Self.maximumDepth else { throw error("arrays and objects nest more than \(Self.maximumDepth) deep") }
        depth += 1
        position += 1
    }

    /// After a member of an array or object: whether `closing` ended the container (after an
    /// optional comma), or `false` when a comma announced the next member.
    private mutating func endOfMember(_ closing: Unicode.Scalar) throws(JSONParseError) -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: closing):
            position += 1
            return true
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            guard peek() == UInt8(ascii: closing) else { return false }
            position += 1
            return true
        case nil:
            throw error("the text ends inside an array or object")
        default:
            throw error("expected a comma or '\(closing)'")
        }
    }

    // MARK: Strings

    /// The string whose opening quote is at the current position.
    private mutating func string() throws(JSONParseError) -> String {
        position += 1
        let start = position
        // Most strings have no escape: one pass finds the end, one makes the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try validated(start..<position)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character must be escaped in a string") }
            position += 1
        }
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &utf8)
            case 0..<0x20:
                throw error("a control character must be escaped in a string")
            default:
                utf8.append(byte)
                position += 1
            }
        }
        throw error("the text ends inside a string")
    }

    private func validated(_ range: Range<Int>) throws(JSONParseError) -> String {
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw error("a string is not valid UTF-8")
        }
        return text
    }

    /// Appends the character the escape after a backslash stands for.
    private mutating func escape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = peek() else { throw error("the text ends inside a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = UInt32(try hexQuad())
            if (0xD800..<0xDC00).contains(code) {
                guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low one")
                }
                position += 2
                let low = UInt32(try hexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate must be followed by a low one") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("a low surrogate stands alone") }
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw error("unknown escape in a string")
        }
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt16 {
        guard bytes.count - position >= 4 else { throw error("\\u must be followed by four hex digits") }
        var value: UInt16 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt16(digit)
        }
        position += 4
        return value
    }

    // MARK: Numbers

    /// The number at the current position: an integer when it is whole and fits in `Int`.
    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard skipDigits() > 0 else { throw error("a number must have digits") }
        guard bytes[integerStart] != UInt8(ascii: "0") || position - integerStart == 1 else {
            throw error("a number must not begin with 0")
        }
        let integerEnd = position
        var fractionIsZero = true
        if peek() == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            guard skipDigits() > 0 else { throw error("a number's fraction must have digits") }
            fractionIsZero = bytes[fractionStart..<position].allSatisfy { $0 == UInt8(ascii: "0") }
        }
        var hasExponent = false
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            hasExponent = true
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw error("a number's exponent must have digits") }
        }
        // A whole number written without an exponent is read exactly, however many digits.
        if !hasExponent && fractionIsZero, let whole = Int(text(start..<integerEnd)) { return .integer(whole) }
        guard let number = Double(text(start..<position)), number.isFinite else { throw error("a number is too large") }
        if let whole = Int(exactly: number) { return .integer(whole) }
        return .number(number)
    }

    /// Steps over decimal digits and counts them.
    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    /// The ASCII text of `range`.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    // MARK: Reading

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: position)
    }
}
