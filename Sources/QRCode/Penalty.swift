/// The penalty score that rates a masked symbol (ISO/IEC 18004, 7.8.3.1); the encoder keeps
/// the mask with the lowest score. Each rule reads the modules as rows, `true` for dark.
enum Penalty {
    /// Points for a run of five modules of one colour in a row or column.
    static let runPoints = 3
    /// Points for each 2 × 2 block of one colour.
    static let blockPoints = 3
    /// Points for each 1:1:3:1:1 finder-like pattern with four light modules on one side.
    static let finderLikePoints = 40
    /// Points for each 5 % by which the share of dark modules departs from 50 %.
    static let balancePoints = 10

    /// The sum of the four rules over a square of modules.
    static func score(rows: [[Bool]]) -> Int {
        let columns = rows.indices.map { x in rows.map { $0[x] } }
        let lineScore = (rows + columns).reduce(0) { $0 + runScore($1) + finderLikeScore($1) }
        let darkCount = rows.reduce(0) { $0 + $1.count(where: { $0 }) }
        return lineScore + blockScore(rows: rows) + balanceScore(darkCount: darkCount, totalCount: rows.count * rows.count)
    }

    /// Rule 1: each run of n ≥ 5 modules of one colour in `line` scores 3 + (n − 5).
    static func runScore(_ line: [Bool]) -> Int {
        guard !line.isEmpty else { return 0 }
        var score = 0
        var runStart = 0
        for index in 1...line.count where index == line.count || line[index] != line[runStart] {
            let length = index - runStart
            if length >= 5 {
                score += runPoints + length - 5
            }
            runStart = index
        }
        return score
    }

    /// Rule 2: each 2 × 2 block of one colour, overlapping blocks counted separately.
    static func blockScore(rows: [[Bool]]) -> Int {
        var score = 0
        for y in rows.indices.dropLast() {
            for x in rows[y].indices.dropLast() {
                let colour = rows[y][x]
                if rows[y][x + 1] == colour, rows[y + 1][x] == colour, rows[y + 1][x + 1] == colour {
                    score += blockPoints
                }
            }
        }
        return score
    }

    /// Rule 3: each dark-light-dark-dark-dark-light-dark pattern in `line` with four light
    /// modules before or after it. Modules beyond the edge count as light, as the quiet zone is.
    static func finderLikeScore(_ line: [Bool]) -> Int {
        let core = [true, false, true, true, true, false, true]
        guard line.count >= core.count else { return 0 }
        func isLight(_ index: Int) -> Bool {
            !line.indices.contains(index) || !line[index]
        }
        var score = 0
        for start in 0...(line.count - core.count) where line[start..<start + core.count].elementsEqual(core) {
            let lightBefore = (start - 4..<start).allSatisfy(isLight)
            let lightAfter = (start + core.count..<start + core.count + 4).allSatisfy(isLight)
            if lightBefore || lightAfter {
                score += finderLikePoints
            }
        }
        return score
    }

    /// Rule 4: 10 points for each full 5 % by which the dark share departs from 50 %.
    static func balanceScore(darkCount: Int, totalCount: Int) -> Int {
        let departurePercent = abs(darkCount * 100 - totalCount * 50) / totalCount
        return departurePercent / 5 * balancePoints
    }
}

extension ModuleMatrix {
    /// The penalty score of the matrix as it stands.
    var penaltyScore: Int {
        Penalty.score(rows: (0..<size).map { y in (0..<size).map { x in self[x, y] } })
    }
}
