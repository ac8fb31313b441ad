/// The number of an indirect object, with generation 0 (ISO 32000-1 §7.3.10).
struct PDFReference: Hashable, Sendable {
    /// The object number, 1 or more.
    let number: Int
}
