/// Text strings, the encoding of human-readable strings outside content streams such as
/// document information and file names (ISO 32000-1 §7.9.2.2).
enum PDFTextString {
    /// `text` as the bytes of a text string: the characters themselves when they are all
    /// printable ASCII, tab, line feed or carriage return (which PDFDocEncoding encodes as
    /// ASCII does), otherwise UTF-16BE preceded by the byte order mark `FE FF`.
    static func encode(_ text: String) -> [UInt8] {
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
