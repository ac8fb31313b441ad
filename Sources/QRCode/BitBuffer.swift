/// A sequence of bits appended most significant bit first.
struct BitBuffer {
    /// The bits in order.
    private(set) var bits: [Bool] = []

    /// The number of bits.
    var count: Int { bits.count }

    /// Appends the low `bitCount` bits of `value`, most significant first.
    mutating func append(_ value: Int, bitCount: Int) {
        precondition(bitCount >= 0 && value >> bitCount == 0, "value does not fit in \(bitCount) bits")
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits packed into bytes, eight at a time; the count must be a multiple of eight.
    var bytes: [UInt8] {
        precondition(count % 8 == 0, "only whole bytes can be packed")
        return stride(from: 0, to: count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { byte, bit in byte << 1 | (bit ? 1 : 0) }
        }
    }
}
