/// Writes a classic cross-reference table (ISO 32000-1 §7.5.4) for a set of entries, grouped
/// into subsections of consecutive object numbers.
enum PDFCrossReferenceTableWriter {
    /// Appends `xref` and the subsections for `rows` to `output`; entries are 20 bytes each.
    static func write(rows: [(number: Int, entry: PDFCrossReferenceEntry)], to output: inout [UInt8]) {
        output.append(contentsOf: "xref\n".utf8)
        let sorted = rows.sorted { $0.number < $1.number }
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, sorted[end].number == sorted[end - 1].number + 1 {
                end += 1
            }
            output.append(contentsOf: "\(sorted[index].number) \(end - index)\n".utf8)
            for row in sorted[index..<end] {
                switch row.entry {
                case .inFile(let offset, let generation):
                    output.append(contentsOf: (padded(offset, 10) + " " + padded(generation, 5) + " n\r\n").utf8)
                case .free, .inObjectStream:
                    output.append(contentsOf: "0000000000 65535 f\r\n".utf8)
                }
            }
            index = end
        }
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
