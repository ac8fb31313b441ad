/// The ToUnicode CMap of a font with 2-byte codes (ISO 32000-1 §9.10.3): the program that
/// tells text extraction which Unicode text each code stands for.
enum PDFToUnicodeCMap {
    /// The most mappings a `beginbfchar` block may hold (§9.10.3, after Adobe Technical
    /// Note 5411).
    private static let mappingsPerBlock = 100

    /// The CMap program mapping each of `mappings`' codes to its text, written as UTF-16BE;
    /// codes are given in the order to list them.
    static func program(for mappings: [(code: UInt16, text: String)]) -> [UInt8] {
        var lines = [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
            "/CMapName /Adobe-Identity-UCS def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            "<0000> <FFFF>",
            "endcodespacerange",
        ]
        var start = 0
        while start < mappings.count {
            let block = mappings[start..<min(start + mappingsPerBlock, mappings.count)]
            lines.append("\(block.count) beginbfchar")
            for mapping in block {
                lines.append("<\(hex([mapping.code]))> <\(hex(Array(mapping.text.utf16)))>")
            }
            lines.append("endbfchar")
            start += mappingsPerBlock
        }
        lines += [
            "endcmap",
            "CMapName currentdict /CMap defineresource pop",
            "end",
            "end",
        ]
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// `units` as upper-case hexadecimal, four digits each.
    private static func hex(_ units: [UInt16]) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(units.flatMap { unit in [12, 8, 4, 0].map { digits[Int(unit >> $0) & 0xF] } })
    }
}
