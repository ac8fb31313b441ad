/// The cross-reference data of a whole file: where each object is, and the trailer.
struct PDFCrossReference {
    /// The current entry of every object number the file mentions.
    var entries: [Int: PDFCrossReferenceEntry]
    /// The newest trailer, completed from older ones.
    var trailer: PDFDictionary
    /// The form of the newest section, which an incremental update repeats.
    var kind: PDFCrossReferenceKind
    /// The offset of the newest section, which an incremental update names as `/Prev`.
    var startOffset: Int
    /// Whether the data was rebuilt by scanning the file because its own was unusable.
    var isRecovered: Bool

    /// The largest object number read; entries for larger ones are dropped, which keeps the
    /// arithmetic on object numbers far from overflow. (ISO 32000-1 Annex C sets the limit
    /// at 8,388,607.)
    static let largestObjectNumber = Int(Int32.max)
}
