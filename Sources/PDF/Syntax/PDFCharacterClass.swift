/// The three classes of bytes in PDF syntax (ISO 32000-1 §7.2.2).
enum PDFCharacterClass {
    /// Whether `byte` is white space: NUL, tab, line feed, form feed, carriage return, space.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20: true
        default: false
        }
    }

    /// Whether `byte` is a delimiter: `( ) < > [ ] { } / %`.
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    /// Whether `byte` is a regular character: neither white space nor a delimiter.
    static func isRegular(_ byte: UInt8) -> Bool {
        !isWhitespace(byte) && !isDelimiter(byte)
    }

    /// The value of the hexadecimal digit `byte`, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `byte` is a decimal digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
