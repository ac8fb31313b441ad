/// The PNG row filters (PNG specification §9; ISO 32000-1 §7.4.4.4, predictors 10–15):
/// each row is preceded by a byte naming how it was predicted from the pixel to its left
/// and the row above.
enum PNGRowFilter {
    /// The rows of `data` with their filters undone and their filter bytes removed, or
    /// `nil` if a filter byte is not 0…4. A final row shorter than `rowLength` is decoded
    /// as far as it goes.
    ///
    /// - Parameters:
    ///   - rowLength: the bytes per row, without the filter byte (1 or more).
    ///   - bytesPerPixel: the distance to the corresponding byte of the pixel to the left,
    ///     rounded up to 1 for pixels smaller than a byte.
    static func unfilter(_ data: [UInt8], rowLength: Int, bytesPerPixel: Int) -> [UInt8]? {
        let stride = rowLength + 1
        let remainder = data.count % stride
        var output = [UInt8](repeating: 0, count: data.count / stride * rowLength + max(0, remainder - 1))
        let isValid = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                var inputPosition = 0
                var rowStart = 0
                while inputPosition < input.count {
                    let filter = input[inputPosition]
                    inputPosition += 1
                    let length = min(rowLength, input.count - inputPosition)
                    let row = UnsafeBufferPointer(rebasing: input[inputPosition..<(inputPosition + length)])
                    guard unfilterRow(row, filter: filter, into: output, at: rowStart, rowLength: rowLength, bytesPerPixel: bytesPerPixel) else {
                        return false
                    }
                    inputPosition += length
                    rowStart += length
                }
                return true
            }
        }
        return isValid ? output : nil
    }

    /// Undoes `filter` on `row`, writing it to `output` from `rowStart`, where the previous
    /// row (if any) ends. Returns `false` for an unknown filter.
    @inline(__always)
    private static func unfilterRow(
        _ row: UnsafeBufferPointer<UInt8>, filter: UInt8, into output: UnsafeMutableBufferPointer<UInt8>,
        at rowStart: Int, rowLength: Int, bytesPerPixel: Int
    ) -> Bool {
        let hasRowAbove = rowStart >= rowLength
        /// The already decoded byte above byte `index` of the row, or 0 on the first row.
        func above(_ index: Int) -> Int {
            hasRowAbove ? Int(output[rowStart - rowLength + index]) : 0
        }
        /// The already decoded byte one pixel left of byte `index`, or 0 on the first pixel.
        func left(_ index: Int) -> Int {
            index >= bytesPerPixel ? Int(output[rowStart + index - bytesPerPixel]) : 0
        }
        /// The already decoded byte above and one pixel left of byte `index`, or 0.
        func aboveLeft(_ index: Int) -> Int {
            hasRowAbove && index >= bytesPerPixel ? Int(output[rowStart - rowLength + index - bytesPerPixel]) : 0
        }
        switch filter {
        case 0:
            for index in row.indices {
                output[rowStart + index] = row[index]
            }
        case 1:
            for index in row.indices {
                output[rowStart + index] = row[index] &+ UInt8(truncatingIfNeeded: left(index))
            }
        case 2:
            for index in row.indices {
                output[rowStart + index] = row[index] &+ UInt8(truncatingIfNeeded: above(index))
            }
        case 3:
            for index in row.indices {
                output[rowStart + index] = row[index] &+ UInt8(truncatingIfNeeded: (left(index) + above(index)) >> 1)
            }
        case 4:
            for index in row.indices {
                let predictor = paeth(left: left(index), above: above(index), aboveLeft: aboveLeft(index))
                output[rowStart + index] = row[index] &+ UInt8(truncatingIfNeeded: predictor)
            }
        default:
            return false
        }
        return true
    }

    /// The Paeth predictor: whichever of the three neighbours is closest to
    /// left + above − aboveLeft, preferring left, then above.
    @inline(__always)
    private static func paeth(left: Int, above: Int, aboveLeft: Int) -> Int {
        let estimate = left + above - aboveLeft
        let leftDistance = abs(estimate - left)
        let aboveDistance = abs(estimate - above)
        let aboveLeftDistance = abs(estimate - aboveLeft)
        if leftDistance <= aboveDistance, leftDistance <= aboveLeftDistance { return left }
        if aboveDistance <= aboveLeftDistance { return above }
        return aboveLeft
    }
}
