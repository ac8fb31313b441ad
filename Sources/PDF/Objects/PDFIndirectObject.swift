/// The value of an indirect object: a plain object or a stream (ISO 32000-1 §7.3.10).
public enum PDFIndirectObject: Sendable, Equatable {
    /// Any object other than a stream.
    case object(PDFObject)
    /// A stream.
    case stream(PDFStream)

    /// The object, or the stream's dictionary as a dictionary object.
    public var object: PDFObject {
        switch self {
        case .object(let object): object
        case .stream(let stream): .dictionary(stream.dictionary)
        }
    }

    /// The stream, when this is one.
    public var stream: PDFStream? {
        if case .stream(let stream) = self { return stream }
        return nil
    }
}
