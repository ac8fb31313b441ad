/// Writes indirect objects in their file form, `n g obj … endobj` (ISO 32000-1 §7.3.10), for
/// every writer of this module.
enum PDFIndirectObjectSerializer {
    /// Appends `object` as the indirect object `reference` to `output`. A stream is written
    /// with its `/Length` set to the length of its data, and its data unchanged.
    static func write(_ object: PDFIndirectObject, as reference: PDFReference, to output: inout [UInt8]) {
        output.append(contentsOf: "\(reference.number) \(reference.generation) obj\n".utf8)
        switch object {
        case .object(let object):
            object.write(to: &output)
        case .stream(let stream):
            var dictionary = stream.dictionary
            dictionary["Length"] = .integer(stream.data.count)
            PDFObject.dictionary(dictionary).write(to: &output)
            output.append(contentsOf: "\nstream\n".utf8)
            output.append(contentsOf: stream.data)
            output.append(contentsOf: "\nendstream".utf8)
        }
        output.append(contentsOf: "\nendobj\n".utf8)
    }
}
