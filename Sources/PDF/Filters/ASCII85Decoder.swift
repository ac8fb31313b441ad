/// The ASCII85Decode filter (ISO 32000-1 §7.4.3): groups of five characters `!`…`u` for
/// four bytes, `z` for four zero bytes, `~>` marking the end.
enum ASCII85Decoder {
    /// The bytes encoded by `data`. White space is skipped, a leading `<~` (as PostScript
    /// writes it) is accepted, and so is a missing `~>`. A final partial group of n
    /// characters gives n − 1 bytes; a lone final character gives none.
    static func decode(_ data: [UInt8]) throws(PDFFilterError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count / 5 * 4 + 4)
        var group: [UInt8] = []
        var index = 0
        if data.count >= 2, data[0] == UInt8(ascii: "<"), data[1] == UInt8(ascii: "~") {
            index = 2
        }
        while index < data.count {
            let byte = data[index]
            index += 1
            switch byte {
            case UInt8(ascii: "~"):
                index = data.count
            case UInt8(ascii: "z") where group.isEmpty:
                output.append(contentsOf: [0, 0, 0, 0])
            case UInt8(ascii: "!")...UInt8(ascii: "u"):
                group.append(byte - UInt8(ascii: "!"))
                if group.count == 5 {
                    try appendGroup(group, to: &output)
                    group.removeAll(keepingCapacity: true)
                }
            default:
                if !PDFCharacterClass.isWhitespace(byte) {
                    throw .corruptData(filter: "ASCII85Decode", reason: "byte \(byte) is not a base-85 digit")
                }
            }
        }
        if group.count > 1 {
            let byteCount = group.count - 1
            // Padding with the highest digit rounds the value up, so that truncating it gives
            // back the encoded bytes.
            group.append(contentsOf: repeatElement(84, count: 5 - group.count))
            var full: [UInt8] = []
            try appendGroup(group, to: &full)
            output.append(contentsOf: full.prefix(byteCount))
        }
        return output
    }

    /// Appends the four bytes of a complete group of five base-85 digits (0…84).
    private static func appendGroup(_ digits: [UInt8], to output: inout [UInt8]) throws(PDFFilterError) {
        let value = digits.reduce(0) { $0 * 85 + Int($1) }
        guard value <= Int(UInt32.max) else {
            throw .corruptData(filter: "ASCII85Decode", reason: "a group exceeds 2^32 - 1")
        }
        output.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }
}
