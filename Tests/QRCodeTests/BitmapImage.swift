import QRCode

/// A rendering of a symbol as a binary netpbm image (PBM, `P4`), the simplest format zbarimg
/// reads.
enum BitmapImage {
    /// The PBM file for `code` with a light quiet zone of `quietZone` modules on every side and
    /// `scale` pixels per module.
    static func pbm(_ code: QRCode, quietZone: Int = 4, scale: Int = 4) -> [UInt8] {
        let modules = code.size + 2 * quietZone
        let width = modules * scale
        var file = Array("P4\n\(width) \(width)\n".utf8)
        for pixelY in 0..<width {
            // Each row is packed eight pixels to a byte, most significant bit first; 1 is black.
            var row = [UInt8](repeating: 0, count: (width + 7) / 8)
            for pixelX in 0..<width
            where code.isDark(x: pixelX / scale - quietZone, y: pixelY / scale - quietZone) {
                row[pixelX / 8] |= 0x80 >> (pixelX % 8)
            }
            file += row
        }
        return file
    }
}
