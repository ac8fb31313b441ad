/// Lays out the indirect objects of a PDF file one after the other, records the byte offset
/// at which each begins, and closes the file with a classic cross-reference table and
/// trailer (ISO 32000-1 §7.5).
///
/// Object numbers are handed out by ``allocate()`` before or while objects are written, so
/// objects may refer to ones written later. Every allocated number must be written exactly
/// once before ``finish(root:info:)``.
struct PDFObjectWriter: PDFObjectSink {
    /// The file so far: the header and the objects written.
    private(set) var bytes: [UInt8]
    /// The offset of each object, indexed by object number minus one; `nil` until written.
    private var offsets: [Int?] = []

    /// Starts a file with the version line and a comment of four bytes above 127, which marks
    /// the file as binary for tools that guess (§7.5.2).
    init() {
        bytes = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    }

    /// Reserves the next object number.
    mutating func allocate() -> PDFReference {
        offsets.append(nil)
        return PDFReference(number: offsets.count)
    }

    /// Writes `object` as the indirect object `reference`, which must have been allocated
    /// and not yet written. A stream gets its `/Length` set to the length of its data.
    mutating func write(_ object: PDFIndirectObject, as reference: PDFReference) {
        precondition(offsets[reference.number - 1] == nil, "object \(reference.number) written twice")
        offsets[reference.number - 1] = bytes.count
        PDFIndirectObjectSerializer.write(object, as: reference, to: &bytes)
    }

    /// The complete file: the objects, then the cross-reference table, the trailer naming
    /// `root` as the catalog and `info` as the document information dictionary, and the
    /// `startxref` offset.
    ///
    /// The file identifier (`/ID`) is the MD5 digest of everything written before the table,
    /// so the same content always gets the same identifier.
    func finish(root: PDFReference, info: PDFReference) -> [UInt8] {
        var output = bytes
        let identifier = PDFObject.hexString(MD5.hash(bytes))
        let tableOffset = output.count

        output.append(contentsOf: "xref\n0 \(offsets.count + 1)\n".utf8)
        output.append(contentsOf: "0000000000 65535 f\r\n".utf8)
        for (index, offset) in offsets.enumerated() {
            guard let offset else {
                preconditionFailure("object \(index + 1) was allocated but never written")
            }
            let digits = String(offset)
            output.append(contentsOf: (String(repeating: "0", count: 10 - digits.count) + digits).utf8)
            output.append(contentsOf: " 00000 n\r\n".utf8)
        }

        let trailer: PDFDictionary = [
            "Size": .integer(offsets.count + 1),
            "Root": .reference(root),
            "Info": .reference(info),
            "ID": .array([identifier, identifier]),
        ]
        output.append(contentsOf: "trailer\n".utf8)
        PDFObject.dictionary(trailer).write(to: &output)
        output.append(contentsOf: "\nstartxref\n\(tableOffset)\n%%EOF\n".utf8)
        return output
    }
}
