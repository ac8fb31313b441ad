/// An existing PDF file opened for reading: its objects, trailer, catalog, pages and
/// document information (ISO 32000-1 §7.5, §7.7).
///
/// Opening reads the cross-reference data — tables, streams, hybrid files, `/Prev` chains —
/// and, when it is missing or its offsets are wrong, rebuilds it by scanning the file.
/// Objects are parsed when first asked for and kept. Encrypted files are refused.
///
/// A `PDFFile` caches what it parses and is not safe to share between threads; open one per
/// task.
public final class PDFFile {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The bounds reading keeps to.
    public let limits: PDFReadLimits
    /// Where each object is.
    let crossReference: PDFCrossReference
    /// Objects parsed so far, by number.
    private var objects: [Int: PDFIndirectObject] = [:]
    /// Object streams decoded so far, by number.
    private var objectStreams: [Int: PDFObjectStream] = [:]
    /// Objects being parsed, to catch objects whose parsing needs themselves.
    private var loading: Set<Int> = []
    /// What the file's streams may still decode to.
    private let budget: PDFDecodingBudget

    /// Opens `bytes` as a PDF file.
    ///
    /// - Throws: ``PDFReadError/notAPDF(_:)`` when there is no `%PDF-` header or no catalog,
    ///   ``PDFReadError/encrypted`` when the file is encrypted.
    public init(bytes: [UInt8], limits: PDFReadLimits = .standard) throws(PDFReadError) {
        guard PDFParser.firstIndex(of: Array("%PDF-".utf8), in: Array(bytes.prefix(1024)), from: 0) != nil else {
            throw .notAPDF("no %PDF- header")
        }
        self.bytes = bytes
        self.limits = limits
        budget = PDFDecodingBudget(limits: limits)
        let reader = PDFCrossReferenceReader(bytes: bytes, limits: limits, budget: budget)
        if let start = reader.startOffset(), let read = try? reader.read(from: start), read.trailer["Root"] != nil,
            Self.offsetsAreValid(read, in: bytes)
        {
            crossReference = read
        } else {
            crossReference = try PDFObjectScanner(bytes: bytes, limits: limits, budget: budget).recover()
        }
        if crossReference.trailer["Encrypt"] != nil {
            throw .encrypted
        }
        guard catalog != nil else {
            throw .notAPDF("the trailer's /Root is not a dictionary")
        }
    }

    /// Whether every in-use entry of `crossReference` points at the header of its object.
    private static func offsetsAreValid(_ crossReference: PDFCrossReference, in bytes: [UInt8]) -> Bool {
        for (number, entry) in crossReference.entries {
            guard case .inFile(let offset, _) = entry else { continue }
            guard offset >= 0, offset < bytes.count else { return false }
            var lexer = PDFLexer(bytes: bytes, position: offset)
            guard case .integer(number) = lexer.next(), case .integer = lexer.next(), case .keyword("obj") = lexer.next() else {
                return false
            }
        }
        return true
    }

    /// The trailer: the newest trailer dictionary or cross-reference stream dictionary, with
    /// keys it lacks taken from older ones.
    public var trailer: PDFDictionary { crossReference.trailer }

    /// The form of the file's newest cross-reference section.
    public var crossReferenceKind: PDFCrossReferenceKind { crossReference.kind }

    /// The offset of the newest cross-reference section, the `/Prev` of an update.
    public var crossReferenceOffset: Int { crossReference.startOffset }

    /// Whether the cross-reference data was rebuilt by scanning because the file's own was
    /// missing or wrong. An update of such a file lists every object afresh.
    public var isRecovered: Bool { crossReference.isRecovered }

    /// The numbers of all objects in use, ascending.
    public var objectNumbers: [Int] {
        crossReference.entries.filter { $0.value != .free }.keys.sorted()
    }

    /// The smallest object number that no object uses or the trailer's `/Size` reserves. A
    /// `/Size` beyond the largest object number read is not believed.
    public var nextObjectNumber: Int {
        let size = trailer["Size"]?.integerValue ?? 0
        let used = (crossReference.entries.keys.max() ?? 0) + 1
        return size <= PDFCrossReference.largestObjectNumber ? max(size, used) : used
    }

    /// The generation with which `number` is currently in use, or `nil` when it is free.
    public func generation(of number: Int) -> Int? {
        switch crossReference.entries[number] {
        case .inFile(_, let generation)?: generation
        case .inObjectStream?: 0
        default: nil
        }
    }

    /// The document catalog, the trailer's `/Root`.
    public var catalog: PDFDictionary? {
        guard let root = trailer["Root"] else { return nil }
        return try? resolve(root).dictionaryValue
    }

    /// The reference of the document catalog.
    public var catalogReference: PDFReference? { trailer["Root"]?.referenceValue }

    /// The indirect object `reference`; the null object when the file has no such object,
    /// as ISO 32000-1 §7.3.10 prescribes.
    public func object(_ reference: PDFReference) throws(PDFReadError) -> PDFIndirectObject {
        if let cached = objects[reference.number] {
            return cached
        }
        guard loading.insert(reference.number).inserted else {
            throw .brokenStructure("object \(reference) is needed to read itself")
        }
        defer { loading.remove(reference.number) }
        let object = try load(reference.number)
        objects[reference.number] = object
        return object
    }

    /// Parses object `number` from where the cross-reference data says it is.
    private func load(_ number: Int) throws(PDFReadError) -> PDFIndirectObject {
        switch crossReference.entries[number] {
        case .inFile(let offset, _)?:
            var parser = PDFParser(bytes: bytes, position: offset, limits: limits)
            let parsed = try parser.parseIndirectObject { length in
                (try? self.object(length))?.object.integerValue
            }
            guard parsed.reference.number == number else { return .object(.null) }
            return parsed.object
        case .inObjectStream(let streamNumber, let index)?:
            let objectStream = try objectStream(streamNumber)
            return .object(try objectStream.object(at: index, number: number, limits: limits) ?? .null)
        case .free?, nil:
            return .object(.null)
        }
    }

    /// The decoded object stream `number`.
    private func objectStream(_ number: Int) throws(PDFReadError) -> PDFObjectStream {
        if let cached = objectStreams[number] {
            return cached
        }
        let reference = PDFReference(number: number)
        guard case .inFile? = crossReference.entries[number], let stream = try object(reference).stream else {
            throw .brokenStructure("object stream \(number) is not a stream in the file")
        }
        let data = try decodedData(of: stream, reference: reference)
        let objectStream = try PDFObjectStream(reference: reference, dictionary: stream.dictionary, data: data, limits: limits)
        objectStreams[number] = objectStream
        return objectStream
    }

    /// `object` with references followed to the object they name; a reference to a stream
    /// gives the stream's dictionary.
    public func resolve(_ object: PDFObject) throws(PDFReadError) -> PDFObject {
        var current = object
        var hops = 0
        while case .reference(let reference) = current {
            hops += 1
            guard hops <= 32 else {
                throw .brokenStructure("references chained more than 32 times from \(reference)")
            }
            current = try self.object(reference).object
        }
        return current
    }

    /// The stream `object` refers to, when it refers to one.
    public func stream(_ object: PDFObject) throws(PDFReadError) -> PDFStream? {
        guard case .reference(let reference) = object else { return nil }
        return try self.object(reference).stream
    }

    /// The data of `stream` with its filters undone; `reference` names it in errors.
    ///
    /// - Throws: ``PDFReadError/undecodableStream(_:_:)`` when a filter is not supported or
    ///   the data is corrupt; ``PDFReadError/limitExceeded(_:)`` when the file's streams have
    ///   decoded to ``PDFReadLimits/maximumTotalDecodedSize`` bytes in all.
    public func decodedData(of stream: PDFStream, reference: PDFReference? = nil) throws(PDFReadError) -> [UInt8] {
        var dictionary = stream.dictionary
        for key in ["Filter", "DecodeParms"] {
            guard let value = dictionary[key] else { continue }
            var resolved = try resolve(value)
            if case .array(let elements) = resolved {
                var resolvedElements: [PDFObject] = []
                for element in elements {
                    resolvedElements.append(try resolve(element))
                }
                resolved = .array(resolvedElements)
            }
            dictionary[key] = resolved
        }
        return try budget.decode(stream.data, dictionary: dictionary, reference: reference)
    }

    /// The document information dictionary's text entries (`/Title`, `/Producer`, …),
    /// decoded; empty when the file has none.
    public func documentInfo() -> [String: String] {
        guard let info = trailer["Info"], let dictionary = try? resolve(info).dictionaryValue else { return [:] }
        var result: [String: String] = [:]
        for (key, value) in dictionary.entries {
            if let bytes = (try? resolve(value))?.stringBytes {
                result[key] = PDFTextString.decode(bytes)
            }
        }
        return result
    }
}
