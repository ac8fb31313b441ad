import Foundation

/// WinAnsiEncoding (ISO 32000-1 Annex D.2), the single-byte encoding the writer uses for text
/// in the standard fonts: Windows code page 1252 without its undefined codes.
///
/// Each user-perceived character becomes one byte. Text is first put in Unicode normalization
/// form C, so a letter followed by a combining accent counts as the precomposed letter;
/// anything without a code of its own (control characters, other scripts, emoji, a letter
/// with an accent that has no precomposed form) becomes a single `?`.
enum PDFWinAnsiEncoding {
    /// The byte written for a character that the encoding cannot represent: `?`.
    static let replacement = UInt8(ascii: "?")

    /// `text` as WinAnsiEncoding bytes, one per character.
    static func encode(_ text: String) -> [UInt8] {
        normalized(text).map(code(for:))
    }

    /// `text` in Unicode normalization form C, the form whose characters ``code(for:)`` maps.
    static func normalized(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// The code of `character`, or ``replacement`` when it has none. The character is taken
    /// as it is, so callers normalize text first (see ``normalized(_:)``).
    static func code(for character: Character) -> UInt8 {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return replacement }
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xFF:
            return UInt8(scalar.value)
        default:
            return codesAbove127[scalar.value] ?? replacement
        }
    }

    /// The characters that code page 1252 places at 0x80…0x9F, where ISO 8859-1 has control
    /// characters.
    private static let codesAbove127: [UInt32: UInt8] = [
        0x20AC: 0x80,  // euro sign
        0x201A: 0x82,  // single low-9 quotation mark
        0x0192: 0x83,  // latin small letter f with hook
        0x201E: 0x84,  // double low-9 quotation mark
        0x2026: 0x85,  // horizontal ellipsis
        0x2020: 0x86,  // dagger
        0x2021: 0x87,  // double dagger
        0x02C6: 0x88,  // modifier letter circumflex accent
        0x2030: 0x89,  // per mille sign
        0x0160: 0x8A,  // latin capital letter s with caron
        0x2039: 0x8B,  // single left-pointing angle quotation mark
        0x0152: 0x8C,  // latin capital ligature oe
        0x017D: 0x8E,  // latin capital letter z with caron
        0x2018: 0x91,  // left single quotation mark
        0x2019: 0x92,  // right single quotation mark
        0x201C: 0x93,  // left double quotation mark
        0x201D: 0x94,  // right double quotation mark
        0x2022: 0x95,  // bullet
        0x2013: 0x96,  // en dash
        0x2014: 0x97,  // em dash
        0x02DC: 0x98,  // small tilde
        0x2122: 0x99,  // trade mark sign
        0x0161: 0x9A,  // latin small letter s with caron
        0x203A: 0x9B,  // single right-pointing angle quotation mark
        0x0153: 0x9C,  // latin small ligature oe
        0x017E: 0x9E,  // latin small letter z with caron
        0x0178: 0x9F,  // latin capital letter y with diaeresis
    ]
}
