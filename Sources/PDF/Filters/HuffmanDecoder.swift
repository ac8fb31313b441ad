/// A canonical Huffman code (RFC 1951 §3.2.2) prepared for decoding bits read
/// least-significant first.
///
/// Codes of up to ``fastBits`` bits are found with one look-up in ``fastTable``; the rare
/// longer codes are found by walking the code lengths one bit at a time.
struct HuffmanDecoder {
    /// The number of bits ``fastTable`` is indexed by.
    static let fastBits = 10

    /// For every value of the next ``fastBits`` input bits, `symbol << 4 | length` of the code
    /// they begin with, or 0 when that code is longer than ``fastBits`` or unassigned.
    let fastTable: [UInt16]
    /// The number of codes of each length 0…15.
    let counts: [Int]
    /// The symbols ordered by code: by length, then by symbol value.
    let symbols: [UInt16]

    /// Builds the code that gives symbol `i` a code of `lengths[i]` bits (0: unused). An
    /// over-subscribed set of lengths is corrupt; an incomplete one is accepted, and its
    /// unassigned codes are rejected when met.
    init(lengths: ArraySlice<UInt8>) throws(InflateError) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths {
            counts[Int(length)] += 1
        }
        counts[0] = 0
        var unassigned = 1
        for length in 1...15 {
            unassigned = unassigned << 1 - counts[length]
            if unassigned < 0 {
                throw .corrupt("over-subscribed Huffman code")
            }
        }

        var offsets = [Int](repeating: 0, count: 16)
        var nextCodes = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            offsets[length] = offsets[length - 1] + counts[length - 1]
            code = (code + counts[length - 1]) << 1
            nextCodes[length] = code
        }

        var symbols = [UInt16](repeating: 0, count: lengths.count)
        var fastTable = [UInt16](repeating: 0, count: 1 << Self.fastBits)
        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let length = Int(length)
            symbols[offsets[length]] = UInt16(symbol)
            offsets[length] += 1
            let code = nextCodes[length]
            nextCodes[length] += 1
            guard length <= Self.fastBits else { continue }
            let reversed = Self.reverse(code, bitCount: length)
            let entry = UInt16(symbol << 4 | length)
            var index = reversed
            while index < fastTable.count {
                fastTable[index] = entry
                index += 1 << length
            }
        }
        self.fastTable = fastTable
        self.counts = counts
        self.symbols = symbols
    }

    /// `code`'s lowest `bitCount` bits in reverse order.
    static func reverse(_ code: Int, bitCount: Int) -> Int {
        var reversed = 0
        var code = code
        for _ in 0..<bitCount {
            reversed = reversed << 1 | code & 1
            code >>= 1
        }
        return reversed
    }

    /// The symbol whose code begins `bits` (least-significant bit first) and the length of
    /// that code, or `nil` when `bits` begin no assigned code.
    @inline(__always)
    func decode(_ bits: UInt64) -> (symbol: Int, length: Int)? {
        let entry = Int(fastTable[Int(truncatingIfNeeded: bits) & (1 << Self.fastBits - 1)])
        if entry != 0 {
            return (entry >> 4, entry & 15)
        }
        return decodeLongCode(bits)
    }

    /// ``decode(_:)`` for a code that is not in ``fastTable``: walks the lengths from 1 bit up,
    /// keeping the canonical code of the first symbol of each length.
    private func decodeLongCode(_ bits: UInt64) -> (symbol: Int, length: Int)? {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= Int(truncatingIfNeeded: bits >> UInt64(length - 1)) & 1
            let count = counts[length]
            if code - first < count {
                return (Int(symbols[index + code - first]), length)
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return nil
    }
}
