/// An incremental update of an existing file (ISO 32000-1 §7.5.6): the original bytes left
/// untouched, followed by the new and changed objects, a cross-reference section of the same
/// form as the file's newest one, and a trailer that chains to it through `/Prev`.
///
/// Only the objects written to the update are appended, so every byte an earlier signature
/// covers stays where it was. A file whose cross-reference data had to be rebuilt by scanning
/// gets a section that lists every object, so that readers need not repeat the repair.
public struct PDFIncrementalUpdate: PDFObjectSink {
    /// The file being updated.
    public let file: PDFFile
    /// The objects to append, by object number.
    private var objects: [Int: (reference: PDFReference, object: PDFIndirectObject)] = [:]
    /// The next object number to hand out.
    private var nextNumber: Int

    /// Starts an empty update of `file`.
    public init(file: PDFFile) {
        self.file = file
        nextNumber = file.nextObjectNumber
    }

    /// Reserves a new object number.
    public mutating func allocate() -> PDFReference {
        defer { nextNumber += 1 }
        return PDFReference(number: nextNumber)
    }

    /// Writes `object` as `reference`: a number from ``allocate()``, or an object of the file
    /// (with its generation) that the update replaces.
    public mutating func write(_ object: PDFIndirectObject, as reference: PDFReference) {
        objects[reference.number] = (reference, object)
    }

    /// Replaces the file's object `reference` with `object`.
    public mutating func replace(_ reference: PDFReference, with object: PDFObject) {
        write(.object(object), as: reference)
    }

    /// The object `reference` as the updated file will have it: as written to the update,
    /// or else as the file has it.
    public func currentObject(_ reference: PDFReference) throws(PDFReadError) -> PDFIndirectObject {
        if let written = objects[reference.number] {
            return written.object
        }
        return try file.object(reference)
    }

    /// Whether the update writes object `number`.
    public func writes(_ number: Int) -> Bool {
        objects[number] != nil
    }

    /// The updated file.
    public func serialize() -> PDFIncrementalUpdateOutput {
        var output = file.bytes
        if let last = output.last, last != 0x0A, last != 0x0D {
            output.append(0x0A)
        }
        let updateStart = output.count
        var offsets: [Int: Int] = [:]
        for number in objects.keys.sorted() {
            let (reference, object) = objects[number]!
            offsets[number] = output.count
            PDFIndirectObjectSerializer.write(object, as: reference, to: &output)
        }

        var rows: [(number: Int, entry: PDFCrossReferenceEntry)] = objects.values.map {
            ($0.reference.number, .inFile(offset: offsets[$0.reference.number]!, generation: $0.reference.generation))
        }
        if file.isRecovered {
            for number in file.objectNumbers where objects[number] == nil {
                rows.append((number, file.crossReference.entries[number]!))
            }
            rows.append((0, .free))
        }

        var trailer: PDFDictionary = [:]
        trailer["Root"] = file.trailer["Root"]
        trailer["Info"] = file.trailer["Info"]
        if !file.isRecovered {
            trailer["Prev"] = .integer(file.crossReferenceOffset)
        }
        let newIdentifier = MD5.hash(Array(output[updateStart...]))
        let originalIdentifier = file.trailer["ID"]?.arrayValue?.first?.stringBytes ?? newIdentifier
        trailer["ID"] = .array([.hexString(originalIdentifier), .hexString(newIdentifier)])

        let needsStream =
            file.crossReferenceKind == .stream
            || rows.contains { if case .inObjectStream = $0.entry { true } else { false } }
        let crossReferenceOffset = output.count
        if needsStream {
            let streamReference = PDFReference(number: nextNumber)
            rows.append((streamReference.number, .inFile(offset: crossReferenceOffset, generation: 0)))
            trailer["Size"] = .integer(nextNumber + 1)
            let stream = PDFCrossReferenceStreamBuilder.stream(rows: rows, trailer: trailer)
            PDFIndirectObjectSerializer.write(.stream(stream), as: streamReference, to: &output)
        } else {
            trailer["Size"] = .integer(nextNumber)
            PDFCrossReferenceTableWriter.write(rows: rows, to: &output)
            output.append(contentsOf: "trailer\n".utf8)
            PDFObject.dictionary(trailer).write(to: &output)
            output.append(0x0A)
        }
        output.append(contentsOf: "startxref\n\(crossReferenceOffset)\n%%EOF\n".utf8)
        return PDFIncrementalUpdateOutput(bytes: output, objectOffsets: offsets)
    }
}

/// The bytes of an updated file and where the update put each object.
public struct PDFIncrementalUpdateOutput: Sendable {
    /// The whole updated file.
    public var bytes: [UInt8]
    /// The offset of each appended object's `n g obj` header, by object number.
    public var objectOffsets: [Int: Int]
}
