/// The fixed patterns every symbol carries (ISO/IEC 18004, 6.3).
extension ModuleMatrix {
    /// Draws the timing patterns, the three finder patterns with their separators, the
    /// alignment patterns, the dark module, and the version information; reserves the format
    /// information area, which is filled once the mask is known.
    mutating func drawFunctionPatterns(version: Int) {
        // Timing patterns first: the finders then overwrite the ends of the timing lines.
        for index in 0..<size {
            setFunctionModule(x: 6, y: index, dark: index % 2 == 0)
            setFunctionModule(x: index, y: 6, dark: index % 2 == 0)
        }

        drawFinderPattern(centerX: 3, centerY: 3)
        drawFinderPattern(centerX: size - 4, centerY: 3)
        drawFinderPattern(centerX: 3, centerY: size - 4)

        let centers = Self.alignmentPatternCenters(version: version)
        for centerY in centers {
            for centerX in centers where !Self.overlapsFinder(centerX, centerY, centers) {
                drawAlignmentPattern(centerX: centerX, centerY: centerY)
            }
        }

        reserveFormatInformation()
        setFunctionModule(x: 8, y: size - 8, dark: true)

        if version >= VersionInformation.firstVersion {
            drawVersionInformation(version: version)
        }
    }

    /// The row and column coordinates of the alignment pattern centres of `version`
    /// (ISO/IEC 18004, annex E).
    ///
    /// The first is always 6 and the last is 7 modules from the far edge; the ones between
    /// are spaced evenly back from the last by an even step. Version 1 has none.
    static func alignmentPatternCenters(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let last = QRCode.size(ofVersion: version) - 7
        let step: Int
        if version == 32 {
            // The one version whose spacing is not the smallest even step that fits.
            step = 26
        } else {
            let span = last - 6
            let intervals = count - 1
            let smallestStep = (span + intervals - 1) / intervals
            step = smallestStep + smallestStep % 2
        }
        return [6] + (0..<count - 1).reversed().map { last - $0 * step }
    }

    /// Whether an alignment pattern at (`x`, `y`) would sit on a finder pattern: the three
    /// corners of the grid of centres other than the bottom right.
    private static func overlapsFinder(_ x: Int, _ y: Int, _ centers: [Int]) -> Bool {
        let first = centers.first
        let last = centers.last
        return (x == first && y == first) || (x == first && y == last) || (x == last && y == first)
    }

    /// A 7 × 7 finder pattern centred on (`centerX`, `centerY`) with its light separator,
    /// clipped to the symbol.
    private mutating func drawFinderPattern(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx
                let y = centerY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                // Rings by distance from the centre: 0–1 dark, 2 light, 3 dark, 4 separator.
                let ring = max(abs(dx), abs(dy))
                setFunctionModule(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5 × 5 alignment pattern centred on (`centerX`, `centerY`).
    private mutating func drawAlignmentPattern(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunctionModule(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }
}
