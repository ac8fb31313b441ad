/// Rebuilds cross-reference data by scanning a file for its objects, for files whose own
/// offsets or tables are broken (what readers call reconstruction).
struct PDFObjectScanner {
    /// The whole file.
    let bytes: [UInt8]
    /// Bounds on counts and sizes.
    let limits: PDFReadLimits
    /// What object streams may decode to.
    let budget: PDFDecodingBudget

    /// The offset and generation of every `n g obj` header in the file; when a number occurs
    /// more than once, the last occurrence wins, as the newest revision comes last.
    func objectHeaders() -> [Int: (offset: Int, generation: Int)] {
        var headers: [Int: (offset: Int, generation: Int)] = [:]
        let keyword = Array("obj".utf8)
        var index = 0
        while let found = PDFParser.firstIndex(of: keyword, in: bytes, from: index) {
            index = found + 1
            let after = found + keyword.count
            guard after == bytes.count || !PDFCharacterClass.isRegular(bytes[after]) else { continue }
            if let header = header(endingBefore: found) {
                headers[header.number] = (header.offset, header.generation)
            }
        }
        return headers
    }

    /// The header `n g` that ends just before `keyword`, read backwards.
    private func header(endingBefore keyword: Int) -> (number: Int, generation: Int, offset: Int)? {
        var index = keyword - 1
        guard index >= 0, PDFCharacterClass.isWhitespace(bytes[index]) else { return nil }
        while index >= 0, PDFCharacterClass.isWhitespace(bytes[index]) { index -= 1 }
        let generationEnd = index + 1
        while index >= 0, PDFCharacterClass.isDigit(bytes[index]) { index -= 1 }
        let generationStart = index + 1
        guard generationStart < generationEnd, generationEnd - generationStart <= 5,
            index >= 0, PDFCharacterClass.isWhitespace(bytes[index])
        else { return nil }
        while index >= 0, PDFCharacterClass.isWhitespace(bytes[index]) { index -= 1 }
        let numberEnd = index + 1
        while index >= 0, PDFCharacterClass.isDigit(bytes[index]) { index -= 1 }
        let numberStart = index + 1
        guard numberStart < numberEnd, numberEnd - numberStart <= 10,
            index < 0 || !PDFCharacterClass.isRegular(bytes[index])
        else { return nil }
        guard let number = Int(String(decoding: bytes[numberStart..<numberEnd], as: UTF8.self)),
            let generation = Int(String(decoding: bytes[generationStart..<generationEnd], as: UTF8.self)),
            number > 0, number <= PDFCrossReference.largestObjectNumber
        else { return nil }
        return (number, generation, numberStart)
    }

    /// Cross-reference data rebuilt from the objects found, the `trailer` dictionaries, the
    /// dictionaries of cross-reference streams, and the members of object streams. When no
    /// trailer names a catalog, the last object of type `/Catalog` becomes the root.
    func recover() throws(PDFReadError) -> PDFCrossReference {
        let headers = objectHeaders()
        guard !headers.isEmpty else { throw .notAPDF("no objects found") }
        var entries: [Int: PDFCrossReferenceEntry] = [0: .free]
        for (number, header) in headers {
            entries[number] = .inFile(offset: header.offset, generation: header.generation)
        }

        var trailer: PDFDictionary = [:]
        var catalog: PDFReference?
        for (number, header) in headers.sorted(by: { $0.value.offset < $1.value.offset }) {
            var parser = PDFParser(bytes: bytes, position: header.offset, limits: limits)
            guard let parsed = try? parser.parseIndirectObject(length: { _ in nil }) else { continue }
            let (reference, object) = parsed
            switch object.object.dictionaryValue?["Type"]?.nameValue {
            case "Catalog":
                catalog = reference
            case "XRef":
                for key in ["Root", "Info", "ID", "Encrypt"] {
                    if let value = object.object.dictionaryValue?[key] { trailer[key] = value }
                }
            case "ObjStm":
                guard let stream = object.stream,
                    let data = try? budget.decode(stream.data, dictionary: stream.dictionary, reference: reference),
                    let objectStream = try? PDFObjectStream(
                        reference: reference, dictionary: stream.dictionary, data: data, limits: limits
                    )
                else { continue }
                for (index, member) in objectStream.members.enumerated()
                where entries[member.number] == nil && member.number <= PDFCrossReference.largestObjectNumber {
                    entries[member.number] = .inObjectStream(stream: number, index: index)
                }
            default:
                break
            }
        }

        let keyword = Array("trailer".utf8)
        var index = 0
        while let found = PDFParser.firstIndex(of: keyword, in: bytes, from: index) {
            index = found + keyword.count
            var parser = PDFParser(bytes: bytes, position: index, limits: limits)
            if case .dictionary(let dictionary)? = try? parser.parseObject() {
                for (key, value) in dictionary.entries where key != "Prev" && key != "XRefStm" {
                    trailer[key] = value
                }
            }
        }
        if let catalog, trailer["Root"] == nil {
            trailer["Root"] = .reference(catalog)
        }
        guard trailer["Root"] != nil else { throw .notAPDF("no document catalog found") }
        trailer["Size"] = .integer((entries.keys.max() ?? 0) + 1)
        return PDFCrossReference(entries: entries, trailer: trailer, kind: .table, startOffset: 0, isRecovered: true)
    }
}
