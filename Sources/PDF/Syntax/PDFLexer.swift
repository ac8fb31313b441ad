/// Splits PDF bytes into tokens (ISO 32000-1 §7.2–7.3), from any position of a file.
///
/// The lexer is total: every byte string yields tokens until ``PDFToken/end``. Malformed
/// input is read the way lenient readers read it: an unterminated string ends at the end of
/// the input, a stray `)` or `>` or `{` is a one-byte keyword, and a number whose value does
/// not fit an `Int` is read as a real.
struct PDFLexer {
    /// The whole input.
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var position: Int

    /// Creates a lexer reading `bytes` from `position`.
    init(bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = max(0, min(position, bytes.count))
    }

    /// Whether all input has been read, white space and comments aside.
    mutating func isAtEnd() -> Bool {
        skipWhitespaceAndComments()
        return position >= bytes.count
    }

    /// Reads the next token.
    mutating func next() -> PDFToken {
        skipWhitespaceAndComments()
        guard position < bytes.count else { return .end }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "["):
            position += 1
            return .arrayStart
        case UInt8(ascii: "]"):
            position += 1
            return .arrayEnd
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                return .dictionaryStart
            }
            position += 1
            return .hexString(readHexString())
        case UInt8(ascii: ">"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return .dictionaryEnd
            }
            position += 1
            return .keyword(">")
        case UInt8(ascii: "("):
            position += 1
            return .string(readLiteralString())
        case UInt8(ascii: "/"):
            position += 1
            return .name(readName())
        case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            position += 1
            return .keyword(String(UnicodeScalar(byte)))
        default:
            return readRegularRun()
        }
    }

    /// Reads the next token without consuming it.
    mutating func peek() -> PDFToken {
        let saved = position
        defer { position = saved }
        return next()
    }

    /// Skips white space and `%` comments.
    mutating func skipWhitespaceAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if PDFCharacterClass.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
                    position += 1
                }
            } else {
                return
            }
        }
    }

    /// Reads a run of regular characters: a number when it has the form of one, else a
    /// keyword.
    private mutating func readRegularRun() -> PDFToken {
        let start = position
        while position < bytes.count, PDFCharacterClass.isRegular(bytes[position]) {
            position += 1
        }
        let run = bytes[start..<position]
        if let number = Self.number(run) {
            return number
        }
        return .keyword(String(decoding: run, as: UTF8.self))
    }

    /// `run` as a number token when it is one: an optional sign, digits, and at most one
    /// period (§7.3.3). Integers too large for `Int` become reals.
    private static func number(_ run: ArraySlice<UInt8>) -> PDFToken? {
        var index = run.startIndex
        var negative = false
        if index < run.endIndex, run[index] == UInt8(ascii: "+") || run[index] == UInt8(ascii: "-") {
            negative = run[index] == UInt8(ascii: "-")
            index += 1
        }
        var integer = 0
        var overflowed = false
        var digits = 0
        var fraction = 0.0
        var scale = 1.0
        var sawPeriod = false
        while index < run.endIndex {
            let byte = run[index]
            if PDFCharacterClass.isDigit(byte) {
                digits += 1
                let value = Int(byte - UInt8(ascii: "0"))
                if sawPeriod {
                    scale /= 10
                    fraction += Double(value) * scale
                } else if !overflowed {
                    let (times, overflow1) = integer.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(value)
                    if overflow1 || overflow2 {
                        overflowed = true
                    } else {
                        integer = sum
                    }
                }
            } else if byte == UInt8(ascii: "."), !sawPeriod {
                sawPeriod = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if overflowed {
            let text = String(decoding: run, as: UTF8.self)
            return .real(Double(text.filter { $0 != "+" }) ?? 0)
        }
        if sawPeriod {
            let value = Double(integer) + fraction
            return .real(negative ? -value : value)
        }
        return .integer(negative ? -integer : integer)
    }

    /// Reads a name after its solidus, decoding `#xx` escapes (§7.3.5). A `#` not followed
    /// by two hexadecimal digits stands for itself.
    private mutating func readName() -> String {
        var name: [UInt8] = []
        while position < bytes.count, PDFCharacterClass.isRegular(bytes[position]) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "#"), position + 2 < bytes.count,
                let high = PDFCharacterClass.hexValue(bytes[position + 1]),
                let low = PDFCharacterClass.hexValue(bytes[position + 2])
            {
                name.append(high << 4 | low)
                position += 3
            } else {
                name.append(byte)
                position += 1
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Reads a hexadecimal string after its `<`, up to and including `>` (§7.3.4.3). White
    /// space and other non-digits are skipped; an odd final digit is followed by 0.
    private mutating func readHexString() -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") { break }
            guard let value = PDFCharacterClass.hexValue(byte) else { continue }
            if let pending = high {
                result.append(pending << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        if let pending = high {
            result.append(pending << 4)
        }
        return result
    }

    /// Reads a literal string after its `(`, up to the matching `)` (§7.3.4.2): balanced
    /// parentheses, backslash escapes, line continuations, and end-of-line markers read as
    /// line feeds.
    private mutating func readLiteralString() -> [UInt8] {
        var result: [UInt8] = []
        var depth = 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                result.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return result }
                result.append(byte)
            case UInt8(ascii: "\\"):
                readEscape(into: &result)
            case 0x0D:
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                result.append(0x0A)
            default:
                result.append(byte)
            }
        }
        return result
    }

    /// Reads the escape after a backslash in a literal string and appends what it stands for.
    private mutating func readEscape(into result: inout [UInt8]) {
        guard position < bytes.count else { return }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case 0x0D:
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
        case 0x0A:
            break
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = Int(byte - UInt8(ascii: "0"))
            var count = 1
            while count < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
                count += 1
            }
            result.append(UInt8(truncatingIfNeeded: value))
        default:
            result.append(byte)
        }
    }
}
