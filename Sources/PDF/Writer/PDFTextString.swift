/// Text strings, the encoding of human-readable strings outside content streams such as
/// document information and file names (ISO 32000-1 §7.9.2.2).
public enum PDFTextString {
    /// `text` as the bytes of a text string: the characters themselves when they are all
    /// printable ASCII, tab, line feed or carriage return (which PDFDocEncoding encodes as
    /// ASCII does), otherwise UTF-16BE preceded by the byte order mark `FE FF`.
    public static func encode(_ text: String) -> [UInt8] {
        if text.unicodeScalars.allSatisfy(isPDFDocASCII) {
            return Array(text.utf8)
        }
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            bytes.append(UInt8(unit >> 8))
            bytes.append(UInt8(unit & 0xFF))
        }
        return bytes
    }

    /// Whether `scalar` is one of the ASCII characters that PDFDocEncoding maps to itself.
    private static func isPDFDocASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E: true
        default: false
        }
    }
}

extension PDFTextString {
    /// The text of the text string `bytes`: UTF-16BE after `FE FF`, UTF-8 after `EF BB BF`
    /// (PDF 2.0), else PDFDocEncoding (ISO 32000-1 Annex D.2).
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFE, 0xFF]) {
            var units: [UInt16] = []
            var index = 2
            while index + 1 < bytes.count {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return String(decoding: bytes.dropFirst(3), as: UTF8.self)
        }
        var text = ""
        for byte in bytes {
            text.unicodeScalars.append(pdfDocScalar(byte))
        }
        return text
    }

    /// The character PDFDocEncoding gives `byte`: Latin-1 except for the accents at 0x18–0x1F
    /// and the punctuation and letters at 0x80–0xA0; undefined codes become U+FFFD.
    private static func pdfDocScalar(_ byte: UInt8) -> Unicode.Scalar {
        let value: UInt32
        switch byte {
        case 0x18...0x1F:
            value = accents[Int(byte - 0x18)]
        case 0x80...0xA0:
            value = upperPunctuation[Int(byte - 0x80)]
        case 0x7F, 0xAD:
            value = 0xFFFD
        default:
            value = UInt32(byte)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// PDFDocEncoding 0x18–0x1F: breve, caron, circumflex, dot above, double acute, ogonek,
    /// ring, small tilde.
    private static let accents: [UInt32] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]

    /// PDFDocEncoding 0x80–0xA0.
    private static let upperPunctuation: [UInt32] = [
        0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044,
        0x2039, 0x203A, 0x2212, 0x2030, 0x201E, 0x201C, 0x201D, 0x2018,
        0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160,
        0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD,
        0x20AC,
    ]
}
