/// TIFF predictor 2 (ISO 32000-1 §7.4.4.4): within each row, every sample is stored as its
/// difference from the same colour component of the pixel to its left.
enum TIFFPredictor {
    /// `data` with the differences undone. Samples are 1, 2, 4, 8 or 16 bits, big-endian and
    /// packed; each row begins on a byte boundary. A final short row is decoded as far as it
    /// goes.
    static func undo(_ data: [UInt8], colors: Int, bitsPerComponent: Int, columns: Int) -> [UInt8] {
        let rowLength = (colors * bitsPerComponent * columns + 7) / 8
        let samplesPerRow = colors * columns
        var output = data
        var rowStart = 0
        while rowStart < output.count {
            let rowEnd = min(rowStart + rowLength, output.count)
            let sampleCount = min(samplesPerRow, (rowEnd - rowStart) * 8 / bitsPerComponent)
            var sampleIndex = colors
            while sampleIndex < sampleCount {
                let left = PackedSamples.sample(in: output, rowStart: rowStart, index: sampleIndex - colors, bits: bitsPerComponent)
                let difference = PackedSamples.sample(in: output, rowStart: rowStart, index: sampleIndex, bits: bitsPerComponent)
                let value = (left + difference) & (1 << bitsPerComponent - 1)
                PackedSamples.setSample(value, in: &output, rowStart: rowStart, index: sampleIndex, bits: bitsPerComponent)
                sampleIndex += 1
            }
            rowStart = rowEnd
        }
        return output
    }
}
