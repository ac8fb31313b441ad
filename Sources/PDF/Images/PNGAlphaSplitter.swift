/// Separates the transparency of decoded PNG rows from their colour, as PDF keeps alpha in
/// a separate soft-mask image.
enum PNGAlphaSplitter {
    /// For an image with an alpha channel (colour type 4 or 6): its colour rows without the
    /// alpha samples, and one 8-bit alpha per pixel (the high byte of 16-bit alpha).
    static func split(_ rows: [UInt8], file: PNGFile) -> (color: [UInt8], alpha: [UInt8]) {
        let sampleBytes = file.bitDepth / 8
        let pixelBytes = file.channels * sampleBytes
        let colorBytes = pixelBytes - sampleBytes
        let pixelCount = file.width * file.height
        var color = [UInt8](repeating: 0, count: pixelCount * colorBytes)
        var alpha = [UInt8](repeating: 0, count: pixelCount)
        rows.withUnsafeBufferPointer { rows in
            color.withUnsafeMutableBufferPointer { color in
                for pixel in 0..<pixelCount {
                    let start = pixel * pixelBytes
                    for byte in 0..<colorBytes {
                        color[pixel * colorBytes + byte] = rows[start + byte]
                    }
                    alpha[pixel] = rows[start + colorBytes]
                }
            }
        }
        return (color, alpha)
    }

    /// For an image without an alpha channel: one 8-bit alpha per pixel from its tRNS chunk
    /// (palette alphas, or a grey or RGB colour key that is fully transparent), or `nil` when
    /// every pixel is opaque.
    static func transparencyAlpha(_ rows: [UInt8], file: PNGFile) -> [UInt8]? {
        guard let transparency = file.transparency, !file.hasAlphaChannel else { return nil }
        let rowLength = file.rowLength(pixels: file.width)
        let alphaOfSample: (Int) -> UInt8
        let samplesPerPixel: Int
        switch file.colorType {
        case 3:
            samplesPerPixel = 1
            alphaOfSample = { index in index < transparency.count ? transparency[index] : 255 }
        case 0:
            guard transparency.count >= 2 else { return nil }
            samplesPerPixel = 1
            let key = Int(transparency[0]) << 8 | Int(transparency[1])
            alphaOfSample = { $0 == key ? 0 : 255 }
        default:
            guard transparency.count >= 6 else { return nil }
            samplesPerPixel = 3
            let key = (0..<3).map { Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1]) }
            // The three samples are packed into one value, 16 bits each, before the look-up.
            let packedKey = key[0] << 32 | key[1] << 16 | key[2]
            alphaOfSample = { $0 == packedKey ? 0 : 255 }
        }
        var alpha = [UInt8](repeating: 255, count: file.width * file.height)
        for y in 0..<file.height {
            for x in 0..<file.width {
                var value = 0
                for sample in 0..<samplesPerPixel {
                    let index = x * samplesPerPixel + sample
                    value = value << 16 | PackedSamples.sample(in: rows, rowStart: y * rowLength, index: index, bits: file.bitDepth)
                }
                alpha[y * file.width + x] = alphaOfSample(value)
            }
        }
        return alpha.contains { $0 != 255 } ? alpha : nil
    }
}
