/// The white-space characters of PDF syntax (ISO 32000-1 §7.2.2, Table 1), which the
/// ASCII filters skip.
enum PDFWhiteSpace {
    /// Whether `byte` is NUL, tab, line feed, form feed, carriage return or space.
    static func contains(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20: true
        default: false
        }
    }
}
