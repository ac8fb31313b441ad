/// Builds a cross-reference stream (ISO 32000-1 §7.5.8) for a set of entries.
enum PDFCrossReferenceStreamBuilder {
    /// The stream listing `rows`, its dictionary being `trailer` plus `/Type /XRef`, `/W`,
    /// `/Index` and the Flate filter. Field widths are the fewest bytes that hold the values.
    static func stream(rows: [(number: Int, entry: PDFCrossReferenceEntry)], trailer: PDFDictionary) -> PDFStream {
        let sorted = rows.sorted { $0.number < $1.number }
        let fields: [(Int, Int, Int)] = sorted.map { row in
            switch row.entry {
            case .free: (0, 0, 0)
            case .inFile(let offset, let generation): (1, offset, generation)
            case .inObjectStream(let stream, let index): (2, stream, index)
            }
        }
        let widths = [1, byteWidth(fields.map(\.1).max() ?? 0), byteWidth(fields.map(\.2).max() ?? 0)]

        var index: [PDFObject] = []
        var start = 0
        while start < sorted.count {
            var end = start + 1
            while end < sorted.count, sorted[end].number == sorted[end - 1].number + 1 {
                end += 1
            }
            index += [.integer(sorted[start].number), .integer(end - start)]
            start = end
        }

        var data: [UInt8] = []
        for (type, second, third) in fields {
            append(type, width: widths[0], to: &data)
            append(second, width: widths[1], to: &data)
            append(third, width: widths[2], to: &data)
        }
        var dictionary: PDFDictionary = ["Type": .name("XRef")]
        for (key, value) in trailer.entries {
            dictionary[key] = value
        }
        dictionary["W"] = .array(widths.map(PDFObject.integer))
        dictionary["Index"] = .array(index)
        dictionary["Filter"] = .name("FlateDecode")
        return PDFStream(dictionary: dictionary, data: PDFFlate.compress(data))
    }

    /// The number of bytes `value` needs, at least 1.
    private static func byteWidth(_ value: Int) -> Int {
        var width = 1
        while width < 8, value >> (8 * width) != 0 {
            width += 1
        }
        return width
    }

    /// Appends `value` big-endian in `width` bytes.
    private static func append(_ value: Int, width: Int, to data: inout [UInt8]) {
        for shift in stride(from: 8 * (width - 1), through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
