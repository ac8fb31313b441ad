/// Decodes the pixels of a ``PNGFile``: inflates its image data, undoes the row filters and,
/// for interlaced files, gathers the seven Adam7 passes (PNG specification §8.2) into one
/// image.
enum PNGPixelDecoder {
    /// One Adam7 pass: the pixels at `xStart + i·xStep`, `yStart + j·yStep`.
    private struct Pass {
        /// The column of the pass's first pixel.
        let xStart: Int
        /// The row of the pass's first pixel.
        let yStart: Int
        /// The column spacing.
        let xStep: Int
        /// The row spacing.
        let yStep: Int
    }

    /// The seven passes in file order.
    private static let adam7Passes = [
        Pass(xStart: 0, yStart: 0, xStep: 8, yStep: 8), Pass(xStart: 4, yStart: 0, xStep: 8, yStep: 8),
        Pass(xStart: 0, yStart: 4, xStep: 4, yStep: 8), Pass(xStart: 2, yStart: 0, xStep: 4, yStep: 4),
        Pass(xStart: 0, yStart: 2, xStep: 2, yStep: 4), Pass(xStart: 1, yStart: 0, xStep: 2, yStep: 2),
        Pass(xStart: 0, yStart: 1, xStep: 1, yStep: 2),
    ]

    /// The most bytes of filtered image data accepted (1 GiB).
    static let maximumDataSize = 1 << 30

    /// The image's rows top to bottom, each `file.rowLength(pixels: file.width)` bytes of
    /// packed samples, without filter bytes.
    static func rows(of file: PNGFile) throws(PDFImageError) -> [UInt8] {
        let passes = file.isInterlaced ? adam7Passes : [Pass(xStart: 0, yStart: 0, xStep: 1, yStep: 1)]
        let sizes = passes.map { pass in
            (
                width: (file.width - pass.xStart + pass.xStep - 1) / pass.xStep,
                height: (file.height - pass.yStart + pass.yStep - 1) / pass.yStep
            )
        }
        var filteredSize = 0
        for size in sizes where size.width > 0 && size.height > 0 {
            let (passSize, overflow) = size.height.multipliedReportingOverflow(by: file.rowLength(pixels: size.width) + 1)
            guard !overflow, passSize <= maximumDataSize - filteredSize else {
                throw .unsupported("an image of \(file.width) × \(file.height) pixels is too large")
            }
            filteredSize += passSize
        }

        let filtered: [UInt8]
        do {
            filtered = try PDFFlate.decompress(file.imageData, maximumOutputSize: filteredSize)
        } catch {
            throw .corrupt("image data: \(error)")
        }
        guard filtered.count == filteredSize else { throw .corrupt("the image data ends early") }
        guard !file.isInterlaced else { return try deinterlace(filtered, file: file, sizes: sizes) }
        return try unfilter(filtered[...], file: file, width: file.width)
    }

    /// The rows of one pass or of a whole non-interlaced image, `width` pixels wide.
    private static func unfilter(_ filtered: ArraySlice<UInt8>, file: PNGFile, width: Int) throws(PDFImageError) -> [UInt8] {
        let bytesPerPixel = max(1, file.channels * file.bitDepth / 8)
        guard let rows = PNGRowFilter.unfilter(Array(filtered), rowLength: file.rowLength(pixels: width), bytesPerPixel: bytesPerPixel) else {
            throw .corrupt("invalid row filter type")
        }
        return rows
    }

    /// Gathers the seven passes of `filtered` into one image.
    private static func deinterlace(
        _ filtered: [UInt8], file: PNGFile, sizes: [(width: Int, height: Int)]
    ) throws(PDFImageError) -> [UInt8] {
        let rowLength = file.rowLength(pixels: file.width)
        var image = [UInt8](repeating: 0, count: rowLength * file.height)
        let bytesPerPixel = file.channels * file.bitDepth / 8
        var offset = 0
        for (pass, size) in zip(adam7Passes, sizes) where size.width > 0 && size.height > 0 {
            let passRowLength = file.rowLength(pixels: size.width)
            let passEnd = offset + size.height * (passRowLength + 1)
            let passRows = try unfilter(filtered[offset..<passEnd], file: file, width: size.width)
            offset = passEnd
            for passY in 0..<size.height {
                let y = pass.yStart + passY * pass.yStep
                for passX in 0..<size.width {
                    let x = pass.xStart + passX * pass.xStep
                    if bytesPerPixel > 0 {
                        for byte in 0..<bytesPerPixel {
                            image[y * rowLength + x * bytesPerPixel + byte] = passRows[passY * passRowLength + passX * bytesPerPixel + byte]
                        }
                    } else {
                        let value = PackedSamples.sample(in: passRows, rowStart: passY * passRowLength, index: passX, bits: file.bitDepth)
                        PackedSamples.setSample(value, in: &image, rowStart: y * rowLength, index: x, bits: file.bitDepth)
                    }
                }
            }
        }
        return image
    }
}
