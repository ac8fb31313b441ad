import PDF

/// The reserved `/ByteRange` and `/Contents` of a signature dictionary in an updated file,
/// located so that they can be filled in place once the file's bytes are final.
struct PDFSignaturePlaceholder {
    /// A `/ByteRange` value with room for four ten-digit numbers.
    static let byteRangePlaceholder: PDFObject = .array([
        .integer(0), .integer(9_999_999_999), .integer(9_999_999_999), .integer(9_999_999_999),
    ])

    /// The offset of `[` of the `/ByteRange` array.
    let byteRangeStart: Int
    /// The offset just after its `]`.
    let byteRangeEnd: Int
    /// The offset of `<` of the `/Contents` string.
    let contentsStart: Int
    /// The offset just after its `>`.
    let contentsEnd: Int

    /// Finds the placeholders in the signature dictionary written at `objectOffset`.
    init(in bytes: [UInt8], objectOffset: Int) throws(PDFReadError) {
        guard let byteRangeKey = Self.find("/ByteRange [", in: bytes, from: objectOffset),
            let byteRangeClose = Self.find("]", in: bytes, from: byteRangeKey),
            let contentsKey = Self.find("/Contents <", in: bytes, from: objectOffset),
            let contentsClose = Self.find(">", in: bytes, from: contentsKey + 11)
        else {
            throw .brokenStructure("the signature placeholders were not written")
        }
        byteRangeStart = byteRangeKey + "/ByteRange ".utf8.count
        byteRangeEnd = byteRangeClose + 1
        contentsStart = contentsKey + "/Contents ".utf8.count
        contentsEnd = contentsClose + 1
    }

    /// The byte range that covers a file of `fileSize` bytes except the `/Contents` string.
    func byteRange(fileSize: Int) -> [Int] {
        [0, contentsStart, contentsEnd, fileSize - contentsEnd]
    }

    /// Writes `byteRange` over the placeholder, padded with spaces to its width.
    func patch(byteRange: [Int], in bytes: inout [UInt8]) {
        var text = Array(("[" + byteRange.map(String.init).joined(separator: " ")).utf8)
        text += [UInt8](repeating: UInt8(ascii: " "), count: byteRangeEnd - byteRangeStart - text.count - 1)
        text.append(UInt8(ascii: "]"))
        bytes.replaceSubrange(byteRangeStart..<byteRangeEnd, with: text)
    }

    /// Writes `cms` in hexadecimal into the reserved `/Contents`, padded with zeros.
    func patch(contents cms: [UInt8], in bytes: inout [UInt8]) throws(PDFSigningError) {
        let capacity = (contentsEnd - contentsStart - 2) / 2
        guard cms.count <= capacity else {
            throw .signatureTooLarge(size: cms.count, reserved: capacity)
        }
        let digits = Array("0123456789ABCDEF".utf8)
        var index = contentsStart + 1
        for byte in cms {
            bytes[index] = digits[Int(byte >> 4)]
            bytes[index + 1] = digits[Int(byte & 0x0F)]
            index += 2
        }
    }

    /// The offset of the first `text` at or after `start`.
    private static func find(_ text: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(text.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
