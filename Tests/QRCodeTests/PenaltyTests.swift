import Testing

@testable import QRCode

/// The four penalty rules of ISO/IEC 18004, 7.8.3.1, on small hand-made lines and grids.
@Suite struct PenaltyTests {
    /// A line from a string of "#" (dark) and "." (light).
    static func line(_ pattern: String) -> [Bool] {
        pattern.map { $0 == "#" }
    }

    @Test func runsOfFiveOrMore() {
        #expect(Penalty.runScore(Self.line("####.####")) == 0)
        #expect(Penalty.runScore(Self.line("#####")) == 3)
        #expect(Penalty.runScore(Self.line(".......")) == 5)
        #expect(Penalty.runScore(Self.line("#####.....#")) == 6)
        #expect(Penalty.runScore(Self.line("#.#.#.#.#.#")) == 0)
    }

    @Test func finderLikePatterns() {
        #expect(Penalty.finderLikeScore(Self.line("#.###.#....")) == 40)
        #expect(Penalty.finderLikeScore(Self.line("....#.###.#")) == 40)
        // Light on both sides is still one pattern.
        #expect(Penalty.finderLikeScore(Self.line("....#.###.#....")) == 40)
        // Only three light modules on each side inside the line.
        #expect(Penalty.finderLikeScore(Self.line("#...#.###.#...#")) == 0)
        // At the edge the quiet zone supplies the light modules.
        #expect(Penalty.finderLikeScore(Self.line("#.###.##")) == 40)
        #expect(Penalty.finderLikeScore(Self.line("#.##.#.....")) == 0)
    }

    @Test func twoByTwoBlocks() {
        let rows = ["##..", "##..", "...."].map(Self.line)
        // The dark block and the two overlapping light blocks on the right.
        #expect(Penalty.blockScore(rows: rows) == 9)
        let checkerboard = ["#.#", ".#.", "#.#"].map(Self.line)
        #expect(Penalty.blockScore(rows: checkerboard) == 0)
    }

    @Test func darkShare() {
        #expect(Penalty.balanceScore(darkCount: 50, totalCount: 100) == 0)
        #expect(Penalty.balanceScore(darkCount: 54, totalCount: 100) == 0)
        #expect(Penalty.balanceScore(darkCount: 45, totalCount: 100) == 10)
        #expect(Penalty.balanceScore(darkCount: 61, totalCount: 100) == 20)
        #expect(Penalty.balanceScore(darkCount: 100, totalCount: 100) == 100)
    }

    @Test func automaticMaskHasTheLowestScore() throws {
        let text = "http://127.0.0.1:8080/verify/Ab3dE9xQ"
        let chosen = try QRCode(encoding: text)
        let scores = try (0..<8).map { mask in
            let code = try QRCode(encoding: text, mask: mask)
            return Penalty.score(rows: (0..<code.size).map { y in (0..<code.size).map { x in code.isDark(x: x, y: y) } })
        }
        #expect(scores[chosen.mask] == scores.min())
        #expect(scores.firstIndex(of: scores.min()!) == chosen.mask)
    }
}
