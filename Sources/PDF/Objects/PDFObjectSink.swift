/// Something new indirect objects can be written to: a file being written from scratch
/// (``PDFObjectWriter``) or an incremental update of an existing file.
///
/// Object graphs that several writers share (fonts, images, appearance streams) write
/// themselves through this protocol and return the reference of their top object.
public protocol PDFObjectSink {
    /// Reserves the next object number, for an object written later with ``write(_:as:)``.
    mutating func allocate() -> PDFReference
    /// Writes `object` as the indirect object `reference`, which ``allocate()`` returned.
    mutating func write(_ object: PDFIndirectObject, as reference: PDFReference)
}

extension PDFObjectSink {
    /// Writes `object` under a new object number and returns its reference.
    public mutating func add(_ object: PDFObject) -> PDFReference {
        let reference = allocate()
        write(.object(object), as: reference)
        return reference
    }

    /// Writes `stream` under a new object number and returns its reference.
    public mutating func add(_ stream: PDFStream) -> PDFReference {
        let reference = allocate()
        write(.stream(stream), as: reference)
        return reference
    }
}
