extension QRCode {
    /// A horizontal run of adjacent dark modules in one row.
    public struct Run: Sendable, Hashable {
        /// The row, from 0 at the top.
        public let row: Int
        /// The leftmost column of the run, from 0 at the left.
        public let column: Int
        /// The number of dark modules in the run, at least 1.
        public let length: Int

        /// A run of `length` dark modules starting at `column` in `row`.
        public init(row: Int, column: Int, length: Int) {
            self.row = row
            self.column = column
            self.length = length
        }
    }

    /// Every maximal horizontal run of dark modules, row by row from the top and left to right
    /// within a row. Drawing one rectangle per run paints the symbol with far fewer shapes
    /// than one per module.
    public var darkRuns: [Run] {
        var runs: [Run] = []
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(x: column, y: row) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size && isDark(x: column, y: row) {
                    column += 1
                }
                runs.append(Run(row: row, column: start, length: column - start))
            }
        }
        return runs
    }
}
