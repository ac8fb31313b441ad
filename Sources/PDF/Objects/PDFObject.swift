/// A PDF object (ISO 32000-1 §7.3) as the reader parses it and the writers emit it, and its
/// serialization.
///
/// Streams are not objects of their own here: a stream is always an indirect object, modelled
/// as ``PDFStream`` next to this type (see ``PDFIndirectObject``).
public indirect enum PDFObject: Sendable, Equatable {
    /// The null object.
    case null
    /// `true` or `false`.
    case boolean(Bool)
    /// An integer, written in decimal.
    case integer(Int)
    /// A real number, written with at most four decimals (see ``format(real:)``).
    case real(Double)
    /// A name, given without its leading solidus; bytes outside the regular characters are
    /// written as `#xx` (§7.3.5).
    case name(String)
    /// A literal string of raw bytes, written between parentheses with escapes (§7.3.4.2).
    case string([UInt8])
    /// A string of raw bytes written in hexadecimal between angle brackets (§7.3.4.3).
    case hexString([UInt8])
    /// An array of objects.
    case array([PDFObject])
    /// A dictionary.
    case dictionary(PDFDictionary)
    /// A reference to an indirect object, written `n 0 R`.
    case reference(PDFReference)

    /// Appends the object's bytes to `output`.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .boolean(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value):
            output.append(contentsOf: String(value).utf8)
        case .real(let value):
            output.append(contentsOf: Self.format(real: value).utf8)
        case .name(let name):
            Self.write(name: name, to: &output)
        case .string(let bytes):
            Self.write(literalString: bytes, to: &output)
        case .hexString(let bytes):
            output.append(UInt8(ascii: "<"))
            for byte in bytes {
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            }
            output.append(UInt8(ascii: ">"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    output.append(UInt8(ascii: " "))
                }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            output.append(contentsOf: "<<".utf8)
            for (key, value) in dictionary.entries {
                output.append(UInt8(ascii: " "))
                Self.write(name: key, to: &output)
                output.append(UInt8(ascii: " "))
                value.write(to: &output)
            }
            output.append(contentsOf: " >>".utf8)
        case .reference(let reference):
            output.append(contentsOf: "\(reference.number) \(reference.generation) R".utf8)
        }
    }

    /// The largest magnitude written for a real; larger values are clamped to it. PDF
    /// consumers are only required to handle far smaller numbers (ISO 32000-1 Annex C).
    static let largestReal = 1_000_000_000.0

    /// `value` in PDF real syntax: plain decimal, no exponent, without trailing zeros
    /// (`12`, `595.28`, `-0.5`), with the fewest decimals from four up that give back the
    /// value to within two units in its last place (or a trillionth): computed values such as `0.1 + 0.2` are written
    /// `0.3`, and a number read from a file (`595.303937007874`) is written as it was, so
    /// that an incremental update copying it does not change it. Values that are not finite
    /// are written as `0`; values beyond ``largestReal`` are clamped to it.
    static func format(real value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -largestReal), largestReal)
        let tolerance = max(2 * clamped.ulp, 1e-12)
        var decimals = 4
        var scale = 10_000.0
        while decimals < 17, (clamped * scale * 10).magnitude < 9e18,
            ((clamped * scale).rounded() / scale - clamped).magnitude > tolerance
        {
            decimals += 1
            scale *= 10
        }
        let scaled = Int64((clamped * scale).rounded())
        guard scaled != 0 else { return "0" }

        let sign = scaled < 0 ? "-" : ""
        let divisor = UInt64(scale)
        let whole = scaled.magnitude / divisor
        var fraction = scaled.magnitude % divisor
        guard fraction != 0 else { return "\(sign)\(whole)" }

        var digitCount = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digitCount -= 1
        }
        let digits = String(fraction)
        let leadingZeros = String(repeating: "0", count: digitCount - digits.count)
        return "\(sign)\(whole).\(leadingZeros)\(digits)"
    }

    /// Writes `bytes` as a literal string: `\`, `(` and `)` are escaped with a backslash, and
    /// every byte outside printable ASCII as a three-digit octal escape, so that the output
    /// stays 7-bit and free of line-end ambiguities.
    static func write(literalString bytes: [UInt8], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "("))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "("), UInt8(ascii: ")"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x20...0x7E:
                output.append(byte)
            default:
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(ascii: "0") + (byte >> 6))
                output.append(UInt8(ascii: "0") + ((byte >> 3) & 0x07))
                output.append(UInt8(ascii: "0") + (byte & 0x07))
            }
        }
        output.append(UInt8(ascii: ")"))
    }

    /// Writes `/name`, escaping as `#xx` every UTF-8 byte that is not a regular character
    /// (delimiters, `#`, white space and bytes outside printable ASCII).
    static func write(name: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "/"))
        for byte in name.utf8 {
            if (0x21...0x7E).contains(byte), !nameBytesToEscape.contains(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "#"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// The printable ASCII bytes that cannot stand in a name as themselves: the delimiters
    /// (§7.2.2) and the number sign that introduces escapes.
    private static let nameBytesToEscape = Set("()<>[]{}/%#".utf8)

    /// Upper-case hexadecimal digits, indexed by value.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
