/// A decoded object stream (ISO 32000-1 §7.5.7): `/N` objects, listed in a header of object
/// number and offset pairs that begins the data, each object stored from `/First` on.
struct PDFObjectStream {
    /// The decoded data.
    let data: [UInt8]
    /// For each index, the object number and the offset of its object within ``data``.
    let members: [(number: Int, offset: Int)]

    /// Reads the header of the decoded object stream `stream` numbered `reference`.
    init(reference: PDFReference, dictionary: PDFDictionary, data: [UInt8], limits: PDFReadLimits) throws(PDFReadError) {
        guard let count = dictionary["N"]?.integerValue, let first = dictionary["First"]?.integerValue,
            count >= 0, count <= limits.maximumObjectCount, first >= 0, first <= data.count
        else {
            throw .brokenStructure("object stream \(reference) has a bad /N or /First")
        }
        var lexer = PDFLexer(bytes: data)
        var members: [(number: Int, offset: Int)] = []
        members.reserveCapacity(min(count, 100_000))
        for _ in 0..<count {
            guard case .integer(let number) = lexer.next(), case .integer(let offset) = lexer.next(),
                number > 0, offset >= 0, offset < data.count - first
            else { break }
            members.append((number, first + offset))
        }
        self.data = data
        self.members = members
    }

    /// The object at `index`, when the stream holds object `number` there.
    func object(at index: Int, number: Int, limits: PDFReadLimits) throws(PDFReadError) -> PDFObject? {
        guard index >= 0, index < members.count, members[index].number == number else {
            return nil
        }
        var parser = PDFParser(bytes: data, position: members[index].offset, limits: limits)
        return try parser.parseObject()
    }
}
