/// A stream object (ISO 32000-1 §7.3.8): a dictionary and the bytes between `stream` and
/// `endstream`, still encoded by the filters the dictionary names.
public struct PDFStream: Sendable, Equatable {
    /// The stream dictionary. Its `/Length` is rewritten by the writers to match ``data``.
    public var dictionary: PDFDictionary
    /// The stream's bytes as stored in the file, before any filter is undone.
    public var data: [UInt8]

    /// Creates a stream from its dictionary and its stored bytes.
    public init(dictionary: PDFDictionary, data: [UInt8]) {
        self.dictionary = dictionary
        self.data = data
    }
}
