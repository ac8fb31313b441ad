/// The 15 format information bits: the error-correction level and the mask, protected by a
/// BCH(15,5) code and masked so that they are never all light (ISO/IEC 18004, 7.9.1).
enum FormatInformation {
    /// The BCH code with generator x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1.
    static let code = BCHCode(generator: 0x537)

    /// The pattern the encoded bits are combined with by exclusive or.
    static let mask = 0x5412

    /// The format information bits for a level and mask.
    static func bits(errorCorrection: QRCode.ErrorCorrection, mask: MaskPattern) -> Int {
        code.encode(errorCorrection.formatBits << 3 | mask.index) ^ Self.mask
    }

    /// The two places of format bit `index` (0 is the least significant): one around the
    /// top-left finder, one split between the top-right and bottom-left finders.
    static func positions(ofBit index: Int, size: Int) -> [(x: Int, y: Int)] {
        let nearOrigin: (x: Int, y: Int)
        switch index {
        case 0..<6: nearOrigin = (8, index)
        case 6: nearOrigin = (8, 7)  // skipping the horizontal timing pattern
        case 7: nearOrigin = (8, 8)
        case 8: nearOrigin = (7, 8)  // skipping the vertical timing pattern
        default: nearOrigin = (14 - index, 8)
        }
        let split: (x: Int, y: Int) = index < 8 ? (size - 1 - index, 8) : (8, size - 15 + index)
        return [nearOrigin, split]
    }
}

extension ModuleMatrix {
    /// Marks the format information modules as function modules before the data is placed.
    mutating func reserveFormatInformation() {
        drawFormatBits(0)
    }

    /// Writes the format information for `errorCorrection` and `mask` into both copies.
    mutating func drawFormatInformation(errorCorrection: QRCode.ErrorCorrection, mask: MaskPattern) {
        drawFormatBits(FormatInformation.bits(errorCorrection: errorCorrection, mask: mask))
    }

    private mutating func drawFormatBits(_ bits: Int) {
        for index in 0..<15 {
            for (x, y) in FormatInformation.positions(ofBit: index, size: size) {
                setFunctionModule(x: x, y: y, dark: bits >> index & 1 == 1)
            }
        }
    }
}
