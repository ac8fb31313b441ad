/// The two forms cross-reference data takes (ISO 32000-1 §7.5.4, §7.5.8).
public enum PDFCrossReferenceKind: Sendable, Hashable {
    /// A classic `xref` table followed by a `trailer` dictionary.
    case table
    /// A cross-reference stream, whose dictionary is the trailer.
    case stream
}
