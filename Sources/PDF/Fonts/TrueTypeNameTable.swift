/// Reads the PostScript name of a font from its `name` table (OpenType specification,
/// "name — Naming table").
enum TrueTypeNameTable {
    /// The name id of the PostScript name.
    private static let postScriptNameID: UInt16 = 6
    /// The most characters kept of a name, well within PDF's limit of 127 bytes for names.
    private static let maximumLength = 63

    /// The first PostScript name in `table`: a Windows or Unicode one decoded from UTF-16,
    /// or a Macintosh one taken as ASCII. Characters that a PDF name cannot hold without
    /// escapes (white space, delimiters, `#`, anything outside printable ASCII) are dropped;
    /// `nil` when the table has no PostScript name or nothing of it remains.
    static func postScriptName(in table: FontDataView) throws(TrueTypeFontError) -> String? {
        let recordCount = Int(try table.uint16(at: 2))
        let storageOffset = Int(try table.uint16(at: 4))
        for record in 0..<recordCount {
            let recordOffset = 6 + 12 * record
            let platform = try table.uint16(at: recordOffset)
            guard try table.uint16(at: recordOffset + 6) == postScriptNameID else { continue }
            let length = Int(try table.uint16(at: recordOffset + 8))
            let offset = storageOffset + Int(try table.uint16(at: recordOffset + 10))
            let bytes = Array(try table.bytes(at: offset, count: length))

            let characters: [UInt16]
            switch platform {
            case 0, 3:
                characters = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            case 1:
                characters = bytes.map(UInt16.init)
            default:
                continue
            }
            let kept = characters.filter { (0x21...0x7E).contains($0) && !"()<>[]{}/%#".utf16.contains($0) }
            if !kept.isEmpty {
                return String(decoding: kept.prefix(maximumLength), as: UTF16.self)
            }
        }
        return nil
    }
}
