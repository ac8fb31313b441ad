/// A clickable area of a page that opens a URI: a link annotation with a URI action
/// (ISO 32000-1 §12.5.6.5, §12.6.4.7). It draws nothing; draw the text or box it covers on
/// the page's content.
public struct PDFLink: Sendable, Hashable {
    /// The clickable area, in the page's coordinates.
    public var rect: PDFRect
    /// The URI to open, for example `https://example.com/proof`.
    public var uri: String

    /// Creates a link over `rect` to `uri`.
    public init(rect: PDFRect, uri: String) {
        self.rect = rect
        self.uri = uri
    }

    /// The annotation dictionary, without a border. PDF requires the URI in 7-bit ASCII, so
    /// every UTF-8 byte of `uri` outside printable ASCII, and the space, is percent-encoded.
    var annotation: PDFDictionary {
        let action: PDFDictionary = [
            "Type": .name("Action"),
            "S": .name("URI"),
            "URI": .string(Self.percentEncoded(uri)),
        ]
        return [
            "Type": .name("Annot"),
            "Subtype": .name("Link"),
            "Rect": rect.corners,
            "Border": .array([.integer(0), .integer(0), .integer(0)]),
            "F": .integer(Self.printFlag),
            "A": .dictionary(action),
        ]
    }

    /// The annotation flag that lets the link be printed with the page (§12.5.3).
    private static let printFlag = 4

    /// The UTF-8 bytes of `text`, those outside `!`…`~` written as `%XX`.
    private static func percentEncoded(_ text: String) -> [UInt8] {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if (0x21...0x7E).contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return bytes
    }
}
