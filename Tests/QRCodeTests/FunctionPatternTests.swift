import Testing

@testable import QRCode

/// The fixed patterns sit where ISO/IEC 18004 puts them, read through the public API.
@Suite struct FunctionPatternTests {
    /// The colour a finder pattern with its separator has `dx`, `dy` modules from its centre.
    static func finderColour(dx: Int, dy: Int) -> Bool {
        switch max(abs(dx), abs(dy)) {
        case 0, 1, 3: true
        default: false
        }
    }

    @Test(arguments: [1, 2, 7, 21, 40])
    func findersAndSeparators(version: Int) throws {
        let code = try QRCode(encoding: "finder", minimumVersion: version, mask: version % 8)
        let size = code.size
        #expect(size == 17 + 4 * version)
        for (centerX, centerY) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = centerX + dx
                    let y = centerY + dy
                    guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                    #expect(code.isDark(x: x, y: y) == Self.finderColour(dx: dx, dy: dy), "module (\(x), \(y))")
                }
            }
        }
    }

    @Test(arguments: [1, 5, 14, 40])
    func timingPatternsAndDarkModule(version: Int) throws {
        let code = try QRCode(encoding: "timing", minimumVersion: version, mask: version % 8)
        let size = code.size
        for index in 8..<(size - 8) {
            #expect(code.isDark(x: index, y: 6) == index.isMultiple(of: 2), "row 6, column \(index)")
            #expect(code.isDark(x: 6, y: index) == index.isMultiple(of: 2), "column 6, row \(index)")
        }
        #expect(code.isDark(x: 8, y: size - 8))
    }

    /// Rows of ISO/IEC 18004 annex E, table E.1.
    @Test(arguments: [
        (1, []),
        (2, [6, 18]),
        (6, [6, 34]),
        (7, [6, 22, 38]),
        (15, [6, 26, 48, 70]),
        (16, [6, 26, 50, 74]),
        (22, [6, 26, 50, 74, 98]),
        (28, [6, 26, 50, 74, 98, 122]),
        (32, [6, 34, 60, 86, 112, 138]),
        (36, [6, 24, 50, 76, 102, 128, 154]),
        (40, [6, 30, 58, 86, 114, 142, 170]),
    ])
    func alignmentPatternCenters(version: Int, centers: [Int]) {
        #expect(ModuleMatrix.alignmentPatternCenters(version: version) == centers)
    }

    @Test(arguments: [2, 7, 32])
    func alignmentPatternsAreDrawn(version: Int) throws {
        let code = try QRCode(encoding: "alignment", minimumVersion: version, mask: version % 8)
        let centers = ModuleMatrix.alignmentPatternCenters(version: version)
        let last = try #require(centers.last)
        for centerY in centers {
            for centerX in centers {
                // The three corners next to the finder patterns carry no alignment pattern.
                let onFinder = [(6, 6), (6, last), (last, 6)].contains { $0 == (centerX, centerY) }
                guard !onFinder else { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        let ring = max(abs(dx), abs(dy))
                        #expect(code.isDark(x: centerX + dx, y: centerY + dy) == (ring != 1), "around (\(centerX), \(centerY))")
                    }
                }
            }
        }
    }

    /// The modules left for data hold the version's codewords of table 9 plus its remainder
    /// bits (table 1), so the function patterns cover exactly the right area.
    @Test func dataModulesHoldEveryCodeword() {
        for version in 1...40 {
            let matrix = ModuleMatrix(version: version)
            let dataModules = (0..<matrix.size).reduce(0) { count, y in
                count + (0..<matrix.size).count(where: { x in !matrix.isFunctionModule(x: x, y: y) })
            }
            let remainderBits: Int
            switch version {
            case 1, 7...13, 35...40: remainderBits = 0
            case 2...6: remainderBits = 7
            case 14...20, 28...34: remainderBits = 3
            default: remainderBits = 4
            }
            #expect(dataModules == QRCodeTables.totalCodewords[version - 1] * 8 + remainderBits, "version \(version)")
        }
    }

    @Test func outsideTheSymbolIsLight() throws {
        let code = try QRCode(encoding: "quiet zone")
        for index in -4..<(code.size + 4) {
            #expect(!code.isDark(x: index, y: -1))
            #expect(!code.isDark(x: -1, y: index))
            #expect(!code.isDark(x: index, y: code.size))
            #expect(!code.isDark(x: code.size, y: index))
        }
    }
}
