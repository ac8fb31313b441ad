/// The LZWDecode filter (ISO 32000-1 §7.4.4): variable-length codes of 9 to 12 bits, most
/// significant bit first; 256 clears the table, 257 ends the data.
enum LZWDecoder {
    /// The clear-table code.
    private static let clearCode = 256
    /// The end-of-data code.
    private static let endCode = 257
    /// The table holds at most 4096 entries (12-bit codes).
    private static let tableLimit = 4_096

    /// The bytes encoded by `data`. With `earlyChange` (the default /EarlyChange 1) the code
    /// width grows one code earlier than the table requires. Data that ends without the
    /// end-of-data code yields the bytes decoded so far.
    static func decode(_ data: [UInt8], earlyChange: Bool, maximumOutputSize: Int) throws(PDFFilterError) -> [UInt8] {
        // Entry i is the entry `prefixes[i]` followed by the byte `suffixes[i]`;
        // `firstBytes[i]` and `lengths[i]` are its first byte and length.
        var prefixes = [Int](repeating: -1, count: tableLimit)
        var suffixes = [UInt8](repeating: 0, count: tableLimit)
        var firstBytes = [UInt8](repeating: 0, count: tableLimit)
        var lengths = [Int](repeating: 0, count: tableLimit)
        for byte in 0..<256 {
            suffixes[byte] = UInt8(byte)
            firstBytes[byte] = UInt8(byte)
            lengths[byte] = 1
        }
        var tableCount = 258
        var codeWidth = 9
        var previous: Int?
        var output: [UInt8] = []
        var bitBuffer = 0
        var bitCount = 0
        var index = 0

        /// Appends the entry `prefix` + `byte` to the table.
        func add(prefix: Int, byte: UInt8) {
            prefixes[tableCount] = prefix
            suffixes[tableCount] = byte
            firstBytes[tableCount] = firstBytes[prefix]
            lengths[tableCount] = lengths[prefix] + 1
            tableCount += 1
        }

        while true {
            while bitCount < codeWidth, index < data.count {
                bitBuffer = bitBuffer << 8 | Int(data[index])
                bitCount += 8
                index += 1
            }
            guard bitCount >= codeWidth else { break }
            let code = bitBuffer >> (bitCount - codeWidth) & (1 << codeWidth - 1)
            bitCount -= codeWidth
            bitBuffer &= 1 << bitCount - 1

            if code == clearCode {
                tableCount = 258
                codeWidth = 9
                previous = nil
                continue
            }
            if code == endCode { break }

            let entry: Int
            if code < tableCount, lengths[code] > 0 {
                entry = code
                if let previous, tableCount < tableLimit {
                    add(prefix: previous, byte: firstBytes[code])
                }
            } else if code == tableCount, let previous, tableCount < tableLimit {
                add(prefix: previous, byte: firstBytes[previous])
                entry = code
            } else {
                throw .corruptData(filter: "LZWDecode", reason: "code \(code) is not in the table")
            }

            let length = lengths[entry]
            guard output.count + length <= maximumOutputSize else { throw .outputTooLarge(limit: maximumOutputSize) }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: length))
            var link = entry
            for position in stride(from: start + length - 1, through: start, by: -1) {
                output[position] = suffixes[link]
                link = prefixes[link]
            }
            previous = entry

            let widthLimit = tableCount + (earlyChange ? 1 : 0)
            if widthLimit >= 1 << codeWidth, codeWidth < 12 {
                codeWidth += 1
            }
        }
        return output
    }
}
