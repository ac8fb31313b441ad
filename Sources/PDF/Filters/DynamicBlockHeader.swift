/// The header of a dynamic-Huffman block (RFC 1951 §3.2.7): the code lengths of the
/// literal/length and distance codes, run-length encoded with symbols 16, 17 and 18 and
/// themselves Huffman coded.
struct DynamicBlockHeader {
    /// One symbol of the run-length encoded code lengths and the value of its extra bits.
    private struct Step {
        /// 0…15 for a length, 16 to repeat the previous length, 17 or 18 for runs of zeros.
        let symbol: Int
        /// The value of the extra bits of 16, 17 and 18.
        let extra: Int
    }

    /// The number of literal/length codes written (257…286).
    private let literalCount: Int
    /// The number of distance codes written (1…30).
    private let distanceCount: Int
    /// The run-length encoded code lengths.
    private let steps: [Step]
    /// The code for the run-length symbols.
    private let codeLengthCode: HuffmanEncoder
    /// The number of code length code lengths written (4…19).
    private let codeLengthCount: Int

    /// Prepares the header for codes with the given lengths.
    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        steps = Self.runLengthEncode(Array(literalLengths[0..<literalCount]) + distanceLengths[0..<distanceCount])
        var frequencies = [Int](repeating: 0, count: 19)
        for step in steps {
            frequencies[step.symbol] += 1
        }
        let codeLengthCode = HuffmanEncoder(frequencies: frequencies, maximumLength: 7)
        self.codeLengthCode = codeLengthCode
        let lastUsed = DeflateTables.codeLengthOrder.lastIndex { codeLengthCode.lengths[$0] > 0 } ?? 0
        codeLengthCount = max(4, lastUsed + 1)
    }

    /// The number of bits ``write(to:)`` writes.
    var bitCount: Int {
        var total = 5 + 5 + 4 + 3 * codeLengthCount
        for step in steps {
            total += Int(codeLengthCode.lengths[step.symbol]) + Self.extraBitCount(of: step.symbol)
        }
        return total
    }

    /// Writes the header, after the block type bits.
    func write(to writer: inout DeflateBitWriter) {
        writer.write(literalCount - 257, count: 5)
        writer.write(distanceCount - 1, count: 5)
        writer.write(codeLengthCount - 4, count: 4)
        for symbol in DeflateTables.codeLengthOrder.prefix(codeLengthCount) {
            writer.write(Int(codeLengthCode.lengths[symbol]), count: 3)
        }
        for step in steps {
            writer.write(codeLengthCode.codes[step.symbol], count: Int(codeLengthCode.lengths[step.symbol]))
            writer.write(step.extra, count: Self.extraBitCount(of: step.symbol))
        }
    }

    /// The number of extra bits after a run-length symbol.
    private static func extraBitCount(of symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// `lengths` as run-length symbols: runs of zeros as 17 (3…10) or 18 (11…138), other
    /// runs as the length followed by 16 (3…6 repeats).
    private static func runLengthEncode(_ lengths: [UInt8]) -> [Step] {
        var steps: [Step] = []
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var runEnd = index + 1
            while runEnd < lengths.count, lengths[runEnd] == value {
                runEnd += 1
            }
            var remaining = runEnd - index
            if value == 0 {
                while remaining >= 11 {
                    let count = min(remaining, 138)
                    steps.append(Step(symbol: 18, extra: count - 11))
                    remaining -= count
                }
                if remaining >= 3 {
                    steps.append(Step(symbol: 17, extra: remaining - 3))
                    remaining = 0
                }
            } else {
                steps.append(Step(symbol: Int(value), extra: 0))
                remaining -= 1
                while remaining >= 3 {
                    let count = min(remaining, 6)
                    steps.append(Step(symbol: 16, extra: count - 3))
                    remaining -= count
                }
            }
            for _ in 0..<remaining {
                steps.append(Step(symbol: Int(value), extra: 0))
            }
            index = runEnd
        }
        return steps
    }
}
