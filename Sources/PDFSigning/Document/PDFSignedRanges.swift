import PDF

/// The two byte ranges a PDF signature covers, checked against the file: the first starts at
/// 0, the second starts where the `/Contents` string ends, and both lie inside the file.
struct PDFSignedRanges {
    /// The bytes before the `/Contents` string.
    let first: Range<Int>
    /// The bytes after it.
    let second: Range<Int>

    /// The ranges of `byteRange`, `[0 a b c]`, when they are sound for a file of `fileSize`
    /// bytes.
    init?(byteRange: [Int], fileSize: Int) {
        guard byteRange.count == 4, byteRange[0] == 0, byteRange.allSatisfy({ $0 >= 0 }),
            byteRange[2] > byteRange[1], byteRange[2] <= fileSize, byteRange[3] <= fileSize - byteRange[2]
        else { return nil }
        first = 0..<byteRange[1]
        second = byteRange[2]..<byteRange[2] + byteRange[3]
    }

    /// Where the signed bytes end.
    var end: Int { second.upperBound }

    /// The CMS bytes of the `<…>` string between the ranges, without its zero padding
    /// beyond the DER length; `nil` when the gap is anything but one hexadecimal string.
    func signatureContents(in bytes: [UInt8]) -> [UInt8]? {
        let gap = bytes[first.upperBound..<second.lowerBound]
        guard gap.count >= 2, gap.first == UInt8(ascii: "<"), gap.last == UInt8(ascii: ">") else { return nil }
        let digits = Array(gap.dropFirst())
        guard !digits.dropLast().contains(UInt8(ascii: ">")),
            let decoded = try? PDFFilterPipeline.decode(digits, dictionary: ["Filter": .name("ASCIIHexDecode")], maximumOutputSize: digits.count)
        else { return nil }
        return Array(decoded.prefix(Self.derLength(decoded) ?? decoded.count))
    }

    /// Whether the signed bytes end with a revision's `%%EOF` and its end-of-line marker.
    func endsAtRevision(in bytes: [UInt8]) -> Bool {
        var index = end
        while index > 0, bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D || bytes[index - 1] == 0x20 {
            index -= 1
        }
        let marker = Array("%%EOF".utf8)
        return index >= marker.count && bytes[index - marker.count..<index].elementsEqual(marker)
    }

    /// The length of the DER element at the start of `bytes`, header included.
    private static func derLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        let first = Int(bytes[1])
        if first < 0x80 { return 2 + first }
        let count = first & 0x7F
        guard count >= 1, count <= 4, bytes.count >= 2 + count else { return nil }
        var length = 0
        for byte in bytes[2..<2 + count] {
            length = length << 8 | Int(byte)
        }
        return 2 + count + length
    }
}
