/// Puts tables together into a TrueType font file (OpenType specification, "Organization of
/// an OpenType font"): the table directory sorted by tag, each table at a 4-byte aligned
/// offset and padded with zeros, each with its checksum, and the `head` table's
/// `checksumAdjustment` set so that the whole file sums to `0xB1B0AFBA`.
enum TrueTypeFileAssembler {
    /// The offset of `checksumAdjustment` in the `head` table.
    private static let checksumAdjustmentOffset = 8

    /// The font file made of `tables`, given as tag and contents; the tags must be distinct
    /// and four characters long, and a `head` table, if given, at least 12 bytes.
    static func assemble(_ tables: [(tag: String, data: [UInt8])]) -> [UInt8] {
        let sorted = tables.map { table in
            var data = table.data
            if table.tag == "head" {
                data.replaceSubrange(checksumAdjustmentOffset..<(checksumAdjustmentOffset + 4), with: [0, 0, 0, 0])
            }
            return (tag: table.tag, data: data)
        }
        .sorted { $0.tag.utf8.lexicographicallyPrecedes($1.tag.utf8) }

        var searchPower = 1
        var entrySelector = 0
        while searchPower * 2 <= sorted.count {
            searchPower *= 2
            entrySelector += 1
        }
        var file: [UInt8] = []
        append(0x0001_0000, to: &file)
        append16(sorted.count, to: &file)
        append16(searchPower * 16, to: &file)
        append16(entrySelector, to: &file)
        append16(sorted.count * 16 - searchPower * 16, to: &file)

        var offset = 12 + 16 * sorted.count
        var headOffset: Int?
        for table in sorted {
            file.append(contentsOf: table.tag.utf8)
            append(checksum(of: table.data), to: &file)
            append(UInt32(offset), to: &file)
            append(UInt32(table.data.count), to: &file)
            if table.tag == "head" {
                headOffset = offset
            }
            offset += padded(table.data.count)
        }
        for table in sorted {
            file.append(contentsOf: table.data)
            file.append(contentsOf: repeatElement(0, count: padded(table.data.count) - table.data.count))
        }

        if let headOffset {
            let adjustment = 0xB1B0_AFBA &- checksum(of: file)
            let position = headOffset + checksumAdjustmentOffset
            file.replaceSubrange(position..<(position + 4), with: bytes(of: adjustment))
        }
        return file
    }

    /// The sum, modulo 2³², of `data` read as big-endian 32-bit numbers, the last one padded
    /// with zeros.
    static func checksum(of data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0)
            }
            sum &+= word
            index += 4
        }
        return sum
    }

    /// `count` rounded up to a multiple of 4.
    private static func padded(_ count: Int) -> Int {
        (count + 3) & ~3
    }

    /// The big-endian bytes of `value`.
    private static func bytes(of value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// Appends `value` as four big-endian bytes.
    private static func append(_ value: UInt32, to file: inout [UInt8]) {
        file.append(contentsOf: bytes(of: value))
    }

    /// Appends `value`, which fits 16 bits, as two big-endian bytes.
    private static func append16(_ value: Int, to file: inout [UInt8]) {
        file.append(UInt8(truncatingIfNeeded: value >> 8))
        file.append(UInt8(truncatingIfNeeded: value))
    }
}
