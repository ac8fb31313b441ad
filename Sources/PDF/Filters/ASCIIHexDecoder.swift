/// The ASCIIHexDecode filter (ISO 32000-1 §7.4.2): pairs of hexadecimal digits, white space
/// ignored, `>` marking the end.
enum ASCIIHexDecoder {
    /// The bytes encoded by `data`. A missing `>` is accepted; an odd final digit is
    /// completed with 0.
    static func decode(_ data: [UInt8]) throws(PDFFilterError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count / 2)
        var pendingHighDigit: UInt8?
        for byte in data {
            if byte == UInt8(ascii: ">") { break }
            if PDFCharacterClass.isWhitespace(byte) { continue }
            guard let digit = PDFCharacterClass.hexValue(byte) else {
                throw .corruptData(filter: "ASCIIHexDecode", reason: "byte \(byte) is not a hexadecimal digit")
            }
            if let high = pendingHighDigit {
                output.append(high << 4 | digit)
                pendingHighDigit = nil
            } else {
                pendingHighDigit = digit
            }
        }
        if let high = pendingHighDigit {
            output.append(high << 4)
        }
        return output
    }
}
