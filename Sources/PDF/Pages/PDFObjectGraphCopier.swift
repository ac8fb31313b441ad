/// Copies objects of one PDF file into another, with everything they refer to: each object
/// reached is written once to the sink under a new number, and references are renumbered
/// to match.
///
/// References to page objects and page tree nodes are special, as following them would
/// drag in the whole document: a reference to one of the pages being copied becomes a
/// reference to its copy (so that links between them keep working), and any other
/// reference to a page, a page tree node or the document catalog becomes `null`.
struct PDFObjectGraphCopier {
    /// The file objects are copied from.
    let source: PDFFile
    /// The new reference of each page being copied, by the source page's object number.
    let pageCopies: [Int: PDFReference]
    /// The new reference of each object copied or waiting to be, by source object number.
    private var copies: [Int: PDFReference] = [:]
    /// Objects given a new number but not yet written: the source reference and its copy's.
    private var pending: [(source: PDFReference, copy: PDFReference)] = []

    /// Creates a copier from `source`, where the pages with the object numbers in
    /// `pageCopies` are being copied under the references given there.
    init(source: PDFFile, pageCopies: [Int: PDFReference]) {
        self.source = source
        self.pageCopies = pageCopies
    }

    /// `object` with its references renumbered; every object it reaches that has not been
    /// copied yet is allocated in `sink`. Call ``writePending(to:)`` afterwards to write them.
    mutating func translate(_ object: PDFObject, in sink: inout some PDFObjectSink) throws(PDFReadError) -> PDFObject {
        switch object {
        case .reference(let reference):
            return try translate(reference, in: &sink)
        case .array(let elements):
            var translated: [PDFObject] = []
            translated.reserveCapacity(elements.count)
            for element in elements {
                translated.append(try translate(element, in: &sink))
            }
            return .array(translated)
        case .dictionary(let dictionary):
            return .dictionary(try translate(dictionary, in: &sink))
        default:
            return object
        }
    }

    /// `dictionary` with every value translated (see ``translate(_:in:)``).
    mutating func translate(_ dictionary: PDFDictionary, in sink: inout some PDFObjectSink) throws(PDFReadError) -> PDFDictionary {
        var entries: [(key: String, value: PDFObject)] = []
        entries.reserveCapacity(dictionary.entries.count)
        for (key, value) in dictionary.entries {
            entries.append((key, try translate(value, in: &sink)))
        }
        return PDFDictionary(entries)
    }

    /// Writes every object allocated by ``translate(_:in:)`` and not yet written,
    /// and the objects those reach in turn, until none is left.
    mutating func writePending(to sink: inout some PDFObjectSink) throws(PDFReadError) {
        while let (sourceReference, copy) = pending.popLast() {
            switch try source.object(sourceReference) {
            case .object(let object):
                sink.write(.object(try translate(object, in: &sink)), as: copy)
            case .stream(let stream):
                var dictionary = stream.dictionary
                // The writers set /Length from the data; copying an indirect one would leave
                // an unused object behind.
                dictionary["Length"] = nil
                sink.write(.stream(PDFStream(dictionary: try translate(dictionary, in: &sink), data: stream.data)), as: copy)
            }
        }
    }

    /// The reference of the copy of `reference`, or `null` for the catalog and for pages and
    /// page tree nodes that are not being copied.
    private mutating func translate(_ reference: PDFReference, in sink: inout some PDFObjectSink) throws(PDFReadError) -> PDFObject {
        if let page = pageCopies[reference.number] {
            return .reference(page)
        }
        if let copy = copies[reference.number] {
            return .reference(copy)
        }
        if let type = try source.object(reference).object.dictionaryValue?["Type"]?.nameValue, ["Page", "Pages", "Catalog"].contains(type) {
            return .null
        }
        let copy = sink.allocate()
        copies[reference.number] = copy
        pending.append((reference, copy))
        return .reference(copy)
    }
}
