/// One of the eight data mask patterns (ISO/IEC 18004, 7.8.2).
///
/// A mask inverts the data modules where its condition holds, breaking up large areas of one
/// colour and shapes that look like finder patterns.
struct MaskPattern {
    /// The mask pattern reference, 0 to 7, as written in the format information.
    let index: Int

    /// All eight masks, in reference order.
    static let all = (0..<8).map(MaskPattern.init(index:))

    /// Whether the module in column `x` and row `y` is inverted.
    func inverts(x: Int, y: Int) -> Bool {
        // The standard writes the conditions with i for the row and j for the column.
        let i = y
        let j = x
        switch index {
        case 0: return (i + j) % 2 == 0
        case 1: return i % 2 == 0
        case 2: return j % 3 == 0
        case 3: return (i + j) % 3 == 0
        case 4: return (i / 2 + j / 3) % 2 == 0
        case 5: return (i * j) % 2 + (i * j) % 3 == 0
        case 6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0
        case 7: return ((i + j) % 2 + (i * j) % 3) % 2 == 0
        default: preconditionFailure("mask pattern references run from 0 to 7")
        }
    }
}

extension ModuleMatrix {
    /// Inverts the data modules selected by `mask`; function modules are untouched.
    mutating func apply(_ mask: MaskPattern) {
        for y in 0..<size {
            for x in 0..<size where !isFunctionModule(x: x, y: y) && mask.inverts(x: x, y: y) {
                self[x, y].toggle()
            }
        }
    }

    /// The mask whose symbol, format information included, has the lowest penalty score; the
    /// lowest reference wins a tie (ISO/IEC 18004, 7.8.3).
    func lowestPenaltyMask(errorCorrection: QRCode.ErrorCorrection) -> MaskPattern {
        var best = MaskPattern.all[0]
        var bestScore = Int.max
        for mask in MaskPattern.all {
            var candidate = self
            candidate.apply(mask)
            candidate.drawFormatInformation(errorCorrection: errorCorrection, mask: mask)
            let score = candidate.penaltyScore
            if score < bestScore {
                best = mask
                bestScore = score
            }
        }
        return best
    }
}
