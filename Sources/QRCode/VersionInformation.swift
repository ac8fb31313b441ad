/// The 18 version information bits of versions 7 and above: the version number protected by
/// a BCH(18,6) code, in two 6 × 3 blocks next to the top-right and bottom-left finders
/// (ISO/IEC 18004, 7.10).
enum VersionInformation {
    /// The first version that carries version information.
    static let firstVersion = 7

    /// The BCH code with generator x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
    static let code = BCHCode(generator: 0x1F25)

    /// The version information bits for `version`.
    static func bits(version: Int) -> Int {
        code.encode(version)
    }

    /// The two places of version bit `index` (0 is the least significant): in the block above
    /// the bottom-left finder and, transposed, in the block left of the top-right finder.
    static func positions(ofBit index: Int, size: Int) -> [(x: Int, y: Int)] {
        let across = index / 3
        let along = size - 11 + index % 3
        return [(across, along), (along, across)]
    }
}

extension ModuleMatrix {
    /// Writes the version information for `version` into both blocks.
    mutating func drawVersionInformation(version: Int) {
        let bits = VersionInformation.bits(version: version)
        for index in 0..<18 {
            for (x, y) in VersionInformation.positions(ofBit: index, size: size) {
                setFunctionModule(x: x, y: y, dark: bits >> index & 1 == 1)
            }
        }
    }
}
