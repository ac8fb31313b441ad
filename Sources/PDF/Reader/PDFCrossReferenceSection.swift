/// One cross-reference section of a file: the entries one revision wrote, and its trailer.
struct PDFCrossReferenceSection {
    /// The entries, by object number.
    var entries: [Int: PDFCrossReferenceEntry]
    /// The trailer dictionary, or the cross-reference stream's dictionary.
    var trailer: PDFDictionary
    /// The section's form.
    var kind: PDFCrossReferenceKind
}
