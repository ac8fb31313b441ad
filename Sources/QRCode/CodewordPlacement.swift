/// Placement of the codeword bits in the data modules (ISO/IEC 18004, 7.7.3).
extension ModuleMatrix {
    /// Writes `codewords`, most significant bit first, into the data modules.
    ///
    /// The bits run in two-module-wide columns from the right edge to the left, upwards in
    /// the first column, downwards in the next, and so on, right module before left module,
    /// skipping function modules. The column holding the vertical timing pattern is passed
    /// over. Data modules left over after the last codeword (the remainder bits) stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var upward = true
        var right = size - 1
        while right > 0 {
            if right == 6 {
                right -= 1
            }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunctionModule(x: x, y: y) {
                    if bitIndex < bitCount {
                        self[x, y] = codewords[bitIndex / 8] >> (7 - bitIndex % 8) & 1 == 1
                    }
                    bitIndex += 1
                }
            }
            upward.toggle()
            right -= 2
        }
        precondition(bitIndex >= bitCount, "the codewords do not fit the data modules")
    }
}
