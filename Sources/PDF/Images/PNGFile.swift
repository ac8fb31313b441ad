/// The chunks of a PNG file (PNG specification §5, §11) that make an image: IHDR, PLTE,
/// tRNS and the IDAT data; other chunks are skipped.
struct PNGFile {
    /// The eight signature bytes every PNG file begins with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// The bits per sample (per palette index for colour type 3).
    let bitDepth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha.
    let colorType: Int
    /// Whether the pixels are in Adam7 interlaced order.
    let isInterlaced: Bool
    /// The palette as RGB triples (PLTE); empty when absent.
    let palette: [UInt8]
    /// The tRNS chunk's data: palette alphas, or a grey or RGB colour key; `nil` when absent.
    let transparency: [UInt8]?
    /// The IDAT chunks' data concatenated: one zlib stream.
    let imageData: [UInt8]

    /// The samples per pixel.
    var channels: Int {
        switch colorType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    /// Whether pixels carry an alpha sample.
    var hasAlphaChannel: Bool { colorType == 4 || colorType == 6 }

    /// The bytes of a row of `pixels` pixels, without its filter byte.
    func rowLength(pixels: Int) -> Int {
        (pixels * channels * bitDepth + 7) / 8
    }

    /// The largest width or height accepted, as the PNG specification allows.
    private static let maximumDimension = Int(Int32.max)

    /// Parses `bytes`, checking every chunk's CRC and the header's values.
    init(_ bytes: [UInt8]) throws(PDFImageError) {
        guard bytes.starts(with: Self.signature) else { throw .notPNG }
        var header: ArraySlice<UInt8>?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var imageData: [UInt8] = []
        var position = Self.signature.count
        var hasEnded = false
        while !hasEnded {
            guard position + 12 <= bytes.count else { throw .corrupt("the file ends before IEND") }
            let length = Self.bigEndian(bytes[position..<(position + 4)])
            guard length <= bytes.count - position - 12 else { throw .corrupt("a chunk runs past the end of the file") }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let data = bytes[(position + 8)..<(position + 8 + length)]
            let storedCRC = Self.bigEndian(bytes[(position + 8 + length)..<(position + 12 + length)])
            guard CRC32.checksum(bytes[(position + 4)..<(position + 8 + length)]) == storedCRC else {
                throw .corrupt("bad CRC in chunk \(type)")
            }
            position += 12 + length
            if header == nil, type != "IHDR" { throw .corrupt("the first chunk is not IHDR") }
            switch type {
            case "IHDR": header = data
            case "PLTE": palette = Array(data)
            case "tRNS": transparency = Array(data)
            case "IDAT": imageData.append(contentsOf: data)
            case "IEND": hasEnded = true
            default: break
            }
        }
        guard let header, header.count == 13 else { throw .corrupt("IHDR is not 13 bytes") }
        let start = header.startIndex
        width = Self.bigEndian(header[start..<(start + 4)])
        height = Self.bigEndian(header[(start + 4)..<(start + 8)])
        bitDepth = Int(header[start + 8])
        colorType = Int(header[start + 9])
        guard (1...Self.maximumDimension).contains(width), (1...Self.maximumDimension).contains(height) else {
            throw .corrupt("width or height is 0 or too large")
        }
        let validDepths: [Int] =
            switch colorType {
            case 0: [1, 2, 4, 8, 16]
            case 3: [1, 2, 4, 8]
            case 2, 4, 6: [8, 16]
            default: []
            }
        guard validDepths.contains(bitDepth) else {
            throw .corrupt("colour type \(colorType) with bit depth \(bitDepth)")
        }
        guard header[start + 10] == 0, header[start + 11] == 0 else {
            throw .corrupt("unknown compression or filter method")
        }
        guard header[start + 12] <= 1 else { throw .corrupt("unknown interlace method") }
        isInterlaced = header[start + 12] == 1
        if colorType == 3 {
            guard !palette.isEmpty, palette.count % 3 == 0, palette.count <= 3 * 256 else {
                throw .corrupt("missing or malformed PLTE")
            }
        }
        guard !imageData.isEmpty else { throw .corrupt("no IDAT data") }
        self.palette = palette
        self.transparency = transparency
        self.imageData = imageData
    }

    /// The big-endian unsigned value of four bytes.
    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
