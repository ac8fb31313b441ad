/// Reads a file's cross-reference sections: from the last `startxref` through every `/Prev`
/// and `/XRefStm` (ISO 32000-1 §7.5.5, §7.5.6, §7.5.8).
struct PDFCrossReferenceReader {
    /// The whole file.
    let bytes: [UInt8]
    /// Bounds on counts and sizes.
    let limits: PDFReadLimits
    /// What cross-reference streams may decode to.
    let budget: PDFDecodingBudget

    /// The offset the last `startxref` keyword names, or `nil` when there is none. Anything
    /// after the last `%%EOF` (junk some producers append) is ignored by searching backwards.
    func startOffset() -> Int? {
        guard let keyword = PDFParser.lastIndex(of: Array("startxref".utf8), in: bytes, before: bytes.count) else {
            return nil
        }
        var lexer = PDFLexer(bytes: bytes, position: keyword + "startxref".utf8.count)
        guard case .integer(let offset) = lexer.next(), offset >= 0, offset < bytes.count else { return nil }
        return offset
    }

    /// The merged cross-reference data of the chain that starts at `offset`: for each object
    /// number the entry of the newest section that has one, and the newest trailer, with keys
    /// it lacks filled in from older trailers.
    func read(from offset: Int) throws(PDFReadError) -> PDFCrossReference {
        var merged: [Int: PDFCrossReferenceEntry] = [:]
        var trailer: PDFDictionary?
        var newestKind: PDFCrossReferenceKind?
        var visited: Set<Int> = []
        var next: Int? = offset
        while let current = next {
            guard visited.insert(current).inserted else { break }
            guard visited.count <= limits.maximumCrossReferenceSections else {
                throw .limitExceeded("more than \(limits.maximumCrossReferenceSections) cross-reference sections")
            }
            var section = try readSection(at: current)
            if let hybrid = section.trailer["XRefStm"]?.integerValue, visited.insert(hybrid).inserted {
                let stream = try readSection(at: hybrid)
                for (number, entry) in stream.entries where section.entries[number] == nil || section.entries[number] == .free {
                    section.entries[number] = entry
                }
            }
            for (number, entry) in section.entries where merged[number] == nil {
                merged[number] = entry
            }
            if var newer = trailer {
                for (key, value) in section.trailer.entries where newer[key] == nil {
                    newer[key] = value
                }
                trailer = newer
            } else {
                trailer = section.trailer
            }
            newestKind = newestKind ?? section.kind
            next = section.trailer["Prev"]?.integerValue
        }
        merged[0] = .free
        return PDFCrossReference(
            entries: merged,
            trailer: trailer ?? [:],
            kind: newestKind ?? .table,
            startOffset: offset,
            isRecovered: false
        )
    }

    /// The section at `offset`: a table when the keyword `xref` is there, else a stream.
    func readSection(at offset: Int) throws(PDFReadError) -> PDFCrossReferenceSection {
        guard offset >= 0, offset < bytes.count else {
            throw .brokenStructure("cross-reference offset \(offset) is outside the file")
        }
        var lexer = PDFLexer(bytes: bytes, position: offset)
        if case .keyword("xref") = lexer.peek() {
            _ = lexer.next()
            return try readTable(lexer: &lexer)
        }
        return try readStream(at: offset)
    }

    /// Reads the subsections of a classic table after its `xref` keyword, and its trailer.
    private func readTable(lexer: inout PDFLexer) throws(PDFReadError) -> PDFCrossReferenceSection {
        var entries: [Int: PDFCrossReferenceEntry] = [:]
        while true {
            let position = lexer.position
            switch lexer.next() {
            case .keyword("trailer"):
                var parser = PDFParser(bytes: bytes, position: lexer.position, limits: limits)
                guard case .dictionary(let trailer) = try parser.parseObject() else {
                    throw .syntax("the trailer is not a dictionary", offset: lexer.position)
                }
                return PDFCrossReferenceSection(entries: entries, trailer: trailer, kind: .table)
            case .integer(let first):
                guard case .integer(let count) = lexer.next(), first >= 0, count >= 0,
                    count <= limits.maximumObjectCount - entries.count, first <= Int.max - count
                else {
                    throw .syntax("bad cross-reference subsection header", offset: position)
                }
                for index in 0..<count {
                    let entryStart = lexer.position
                    guard case .integer(let field1) = lexer.next(), case .integer(let field2) = lexer.next(),
                        case .keyword(let type) = lexer.next()
                    else {
                        throw .syntax("bad cross-reference entry", offset: entryStart)
                    }
                    let number = first + index
                    guard entries[number] == nil, number <= PDFCrossReference.largestObjectNumber else { continue }
                    switch type {
                    case "n": entries[number] = .inFile(offset: field1, generation: field2)
                    case "f": entries[number] = .free
                    default: throw .syntax("bad cross-reference entry type '\(type.prefix(8))'", offset: entryStart)
                    }
                }
            default:
                throw .syntax("expected a cross-reference subsection or 'trailer'", offset: position)
            }
        }
    }

    /// Reads the cross-reference stream at `offset` (§7.5.8).
    private func readStream(at offset: Int) throws(PDFReadError) -> PDFCrossReferenceSection {
        var parser = PDFParser(bytes: bytes, position: offset, limits: limits)
        let (reference, object) = try parser.parseIndirectObject { _ in nil }
        guard case .stream(let stream) = object else {
            throw .brokenStructure("no cross-reference table or stream at byte \(offset)")
        }
        let dictionary = stream.dictionary
        guard let widths = dictionary["W"]?.arrayValue?.compactMap(\.integerValue), widths.count == 3,
            widths.allSatisfy({ (0...8).contains($0) }), widths[1] > 0
        else {
            throw .brokenStructure("cross-reference stream \(reference) has a bad /W")
        }
        let size = dictionary["Size"]?.integerValue ?? 0
        let ranges = dictionary["Index"]?.arrayValue?.compactMap(\.integerValue) ?? [0, size]
        guard ranges.count % 2 == 0 else {
            throw .brokenStructure("cross-reference stream \(reference) has a bad /Index")
        }
        let data = try budget.decode(stream.data, dictionary: dictionary, reference: reference)

        let rowWidth = widths.reduce(0, +)
        var entries: [Int: PDFCrossReferenceEntry] = [:]
        var row = 0
        for pair in stride(from: 0, to: ranges.count, by: 2) {
            let first = ranges[pair]
            let count = ranges[pair + 1]
            guard first >= 0, count >= 0, count <= limits.maximumObjectCount - entries.count, first <= Int.max - count else {
                throw .limitExceeded("cross-reference stream \(reference) declares too many objects")
            }
            for index in 0..<count {
                let rowStart = row * rowWidth
                guard rowStart + rowWidth <= data.count else { break }
                row += 1
                let type = widths[0] == 0 ? 1 : Self.field(data, at: rowStart, width: widths[0])
                let field2 = Self.field(data, at: rowStart + widths[0], width: widths[1])
                let field3 = Self.field(data, at: rowStart + widths[0] + widths[1], width: widths[2])
                let number = first + index
                guard entries[number] == nil, number <= PDFCrossReference.largestObjectNumber else { continue }
                switch type {
                case 0: entries[number] = .free
                case 1: entries[number] = .inFile(offset: field2, generation: field3)
                case 2: entries[number] = .inObjectStream(stream: field2, index: field3)
                default: break
                }
            }
        }
        return PDFCrossReferenceSection(entries: entries, trailer: dictionary, kind: .stream)
    }

    /// The big-endian unsigned number of `width` bytes at `offset`, saturating at `Int.max`.
    private static func field(_ data: [UInt8], at offset: Int, width: Int) -> Int {
        var value = 0
        for index in offset..<offset + width {
            guard value <= Int.max >> 8 else { return Int.max }
            value = value << 8 | Int(data[index])
        }
        return value
    }
}
