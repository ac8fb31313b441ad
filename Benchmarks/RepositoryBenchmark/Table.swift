import Foundation

/// A Markdown table with aligned columns, printed as it is (and pasted into docs/benchmarks.md).
struct Table {
    let header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }

    var text: String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| "
                + header.indices.map { column in
                    let cell = cells.indices.contains(column) ? cells[column] : ""
                    return cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Number formats of the report.
enum Format {
    /// `1,234`.
    static func count(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: value.rounded())) ?? String(Int(value))
    }

    /// Milliseconds with one decimal: `3.4 ms`.
    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    /// A ratio: `0.17` below 10, `12.3` or `123` above.
    static func ratio(_ value: Double) -> String {
        if value < 0.1 { return String(format: "%.3f", value) }
        return value < 10 ? String(format: "%.2f", value) : value < 100 ? String(format: "%.1f", value) : String(format: "%.0f", value)
    }

    /// KB (10^3 bytes) with one decimal.
    static func kilobytes(_ bytes: Int) -> String { String(format: "%.1f kB", Double(bytes) / 1000) }

    /// MB/s (10^6 bytes per second).
    static func rate(bytes: Int64, seconds: Double) -> String { String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6) }

    /// MiB with one decimal (memory).
    static func mebibytes(_ bytes: Int64) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

/// Progress lines, on standard error so that standard output holds only the report.
func progress(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data(("… " + line + "\n").utf8))
}
