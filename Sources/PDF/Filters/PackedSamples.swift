/// Reads and writes the samples of image rows packed as PDF and PNG pack them: 1, 2, 4, 8
/// or 16 bits each, big-endian, most significant bits first within a byte.
enum PackedSamples {
    /// Sample `index` of `bits` bits in the row starting at byte `rowStart` of `data`.
    @inline(__always)
    static func sample(in data: [UInt8], rowStart: Int, index: Int, bits: Int) -> Int {
        if bits == 16 {
            return Int(data[rowStart + 2 * index]) << 8 | Int(data[rowStart + 2 * index + 1])
        }
        let bitOffset = index * bits
        let byte = Int(data[rowStart + bitOffset / 8])
        return byte >> (8 - bits - bitOffset % 8) & (1 << bits - 1)
    }

    /// Sets sample `index` of `bits` bits in the row starting at byte `rowStart` of `data`
    /// to `value` (which must fit in `bits` bits).
    @inline(__always)
    static func setSample(_ value: Int, in data: inout [UInt8], rowStart: Int, index: Int, bits: Int) {
        if bits == 16 {
            data[rowStart + 2 * index] = UInt8(truncatingIfNeeded: value >> 8)
            data[rowStart + 2 * index + 1] = UInt8(truncatingIfNeeded: value)
            return
        }
        let bitOffset = index * bits
        let shift = 8 - bits - bitOffset % 8
        let mask = (1 << bits - 1) << shift
        let byteIndex = rowStart + bitOffset / 8
        data[byteIndex] = UInt8(truncatingIfNeeded: Int(data[byteIndex]) & ~mask | value << shift)
    }
}
