import PDF

/// Writes RGBA PNG images (zlib through the PDF module's deflate), for tests that upload
/// signatures as the signing page does.
struct PNGWriter {
    let width: Int
    let height: Int
    private var pixels: [UInt8]

    /// A transparent image.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Sets one pixel.
    mutating func setPixel(x: Int, y: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let offset = (y * width + x) * 4
        pixels[offset] = rgba.0
        pixels[offset + 1] = rgba.1
        pixels[offset + 2] = rgba.2
        pixels[offset + 3] = rgba.3
    }

    /// The PNG file.
    func encoded() -> [UInt8] {
        var raw: [UInt8] = []
        for row in 0..<height {
            raw.append(0)
            raw += pixels[(row * width * 4)..<((row + 1) * width * 4)]
        }
        var header: [UInt8] = []
        header += Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + Self.chunk("IHDR", header) + Self.chunk("IDAT", PDFFlate.compress(raw)) + Self.chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309), bit by bit: test images are small.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
