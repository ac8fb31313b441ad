import QRCode
import Testing

@Suite struct DarkRunsTests {
    @Test(arguments: [1, 7, 40])
    func runsCoverExactlyTheDarkModules(version: Int) throws {
        let code = try QRCode(encoding: "runs", minimumVersion: version, mask: version % 8)
        var painted = Set<[Int]>()
        for run in code.darkRuns {
            #expect(run.length >= 1)
            for column in run.column..<run.column + run.length {
                #expect(painted.insert([column, run.row]).inserted, "module painted twice")
            }
        }
        for y in 0..<code.size {
            for x in 0..<code.size {
                #expect(painted.contains([x, y]) == code.isDark(x: x, y: y))
            }
        }
    }

    @Test func runsAreMaximalAndOrdered() throws {
        let code = try QRCode(encoding: "http://127.0.0.1:8080/verify/Ab3dE9xQ")
        let runs = code.darkRuns
        for run in runs {
            #expect(!code.isDark(x: run.column - 1, y: run.row))
            #expect(!code.isDark(x: run.column + run.length, y: run.row))
        }
        let order = runs.map { [$0.row, $0.column] }
        #expect(order == order.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
    }

    @Test func topRowStartsWithAFinderEdge() throws {
        let code = try QRCode(encoding: "finder")
        #expect(code.darkRuns.first == QRCode.Run(row: 0, column: 0, length: 7))
        #expect(code.darkRuns.last { $0.row == 0 } == QRCode.Run(row: 0, column: code.size - 7, length: 7))
    }
}
