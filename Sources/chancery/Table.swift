import Foundation

/// Plain-text columns for listings: each column as wide as its widest cell, separated by two
/// spaces, one row a line.
struct Table {
    let header: [String]
    let rows: [[String]]

    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ") + "\n"
        }.joined()
    }
}
