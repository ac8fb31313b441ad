/// The pixel size of pictures, read from their headers without decoding them: of TIFF and
/// WebP pictures, which LibreOffice draws on a page made to their size (see
/// ``ImagePage/size(width:height:)``), and of PNG pictures, to refuse vast ones before they
/// are decoded.
public enum RasterDimensions {
    /// The width and height in a PNG file's IHDR chunk, which must come first (PNG §5.6),
    /// or `nil` when it is missing.
    public static func ofPNG(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        /// The big-endian unsigned integer of four bytes at `offset`.
        func integer(at offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return (integer(at: 16), integer(at: 20))
    }

    /// The width and height of the first image of a TIFF file (TIFF 6.0 §2: the header,
    /// then the first image file directory's ImageWidth and ImageLength), or `nil` when the
    /// header is damaged.
    public static func ofTIFF(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 8 else { return nil }
        let littleEndian = bytes[0] == UInt8(ascii: "I")
        /// The unsigned integer of `length` bytes at `offset`, in the file's byte order.
        func integer(at offset: Int, length: Int) -> Int? {
            guard offset >= 0, offset + length <= bytes.count else { return nil }
            let field = bytes[offset..<(offset + length)]
            return (littleEndian ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = integer(at: 4, length: 4), let count = integer(at: directory, length: 2) else { return nil }
        var width: Int?
        var height: Int?
        for index in 0..<count {
            let entry = directory + 2 + 12 * index
            guard let tag = integer(at: entry, length: 2), let type = integer(at: entry + 2, length: 2) else { return nil }
            // SHORT (3) values sit in the first two bytes of the value field, LONG (4) in all four.
            let value = type == 3 ? integer(at: entry + 8, length: 2) : type == 4 ? integer(at: entry + 8, length: 4) : nil
            if tag == 256 { width = value }
            if tag == 257 { height = value }
        }
        guard let width, let height, width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The canvas width and height of a WebP file (RFC 9649): from the `VP8X` extended
    /// header, the `VP8L` lossless header or the `VP8 ` key frame header, whichever comes
    /// first; `nil` when none is readable.
    public static func ofWebP(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        /// The little-endian unsigned integer of `length` bytes at `offset`.
        func integer(at offset: Int, length: Int) -> Int {
            bytes[offset..<(offset + length)].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X":
            return (integer(at: 24, length: 3) + 1, integer(at: 27, length: 3) + 1)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = integer(at: 21, length: 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ":
            guard bytes[23...25].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
            let width = integer(at: 26, length: 2) & 0x3FFF
            let height = integer(at: 28, length: 2) & 0x3FFF
            return width > 0 && height > 0 ? (width, height) : nil
        default:
            return nil
        }
    }
}
