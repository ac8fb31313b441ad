/// Collects the bits of a deflate stream, least-significant bit first (RFC 1951 §3.1.1).
struct DeflateBitWriter {
    /// The completed bytes.
    private(set) var bytes: [UInt8] = []
    /// Bits not yet in ``bytes``, the first one lowest.
    private var pending: UInt64 = 0
    /// How many bits ``pending`` holds (always fewer than 32 between calls).
    private var pendingCount = 0

    /// Appends the lowest `count` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: Int, count: Int) {
        pending |= (UInt64(truncatingIfNeeded: value) & (1 << UInt64(count) - 1)) << UInt64(pendingCount)
        pendingCount += count
        if pendingCount >= 32 {
            for shift in stride(from: 0, to: 32, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: pending >> UInt64(shift)))
            }
            pending >>= 32
            pendingCount -= 32
        }
    }

    /// Pads with zero bits up to the next byte boundary.
    mutating func alignToByte() {
        write(0, count: (8 - pendingCount % 8) % 8)
        while pendingCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func writeAligned(_ data: ArraySlice<UInt8>) {
        precondition(pendingCount == 0, "unaligned byte write")
        bytes.append(contentsOf: data)
    }
}
