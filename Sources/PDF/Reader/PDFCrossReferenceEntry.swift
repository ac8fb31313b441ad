/// Where the cross-reference data says an object is (ISO 32000-1 §7.5.4, §7.5.8.3).
enum PDFCrossReferenceEntry: Equatable {
    /// The object number is not in use.
    case free
    /// The object starts at `offset` in the file, with generation `generation`.
    case inFile(offset: Int, generation: Int)
    /// The object is the `index`th of the object stream numbered `stream`.
    case inObjectStream(stream: Int, index: Int)
}
