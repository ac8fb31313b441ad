/// One lexical token of the PDF syntax (ISO 32000-1 §7.2).
enum PDFToken: Equatable {
    /// An integer.
    case integer(Int)
    /// A real number.
    case real(Double)
    /// A name, its `#xx` escapes decoded, without the solidus.
    case name(String)
    /// A literal string, its escapes decoded.
    case string([UInt8])
    /// A hexadecimal string, decoded.
    case hexString([UInt8])
    /// `[`.
    case arrayStart
    /// `]`.
    case arrayEnd
    /// `<<`.
    case dictionaryStart
    /// `>>`.
    case dictionaryEnd
    /// A run of regular characters that is not a number: `true`, `obj`, `R`, `xref`, and any
    /// unknown word.
    case keyword(String)
    /// The end of the input.
    case end
}
