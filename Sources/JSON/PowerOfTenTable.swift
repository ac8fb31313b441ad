/// The powers of ten ``ShortestDecimal`` multiplies by: for each `k` from -324 to 292, 10^-k
/// to 126 bits, `g = ⌊10^-k / 2^r⌋ + 1` with `r` such that 2^125 ≤ g - 1 < 2^126.
///
/// Worked out once, on first use, in exact integer arithmetic (``NaturalNumber``).
enum PowerOfTenTable {
    /// One power: `g` split in its high and low 63 bits.
    struct Entry: Sendable {
        /// `g`'s bits 63 through 125.
        let high: UInt64
        /// `g`'s bits 0 through 62.
        let low: UInt64
    }

    /// The least `k`: the decimal exponents of the smallest subnormal numbers.
    static let minK = -324
    /// The greatest `k`: the decimal exponent of the greatest numbers.
    static let maxK = 292

    /// The entries from ``minK`` to ``maxK``, worked out on first use. They stay for the life
    /// of the process, in memory of their own: read from an array, every look-up would retain
    /// and release it.
    nonisolated(unsafe) private static let entries: UnsafeBufferPointer<Entry> = {
        let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: maxK - minK + 1)
        _ = entries.initialize(from: (minK...maxK).map(makeEntry))
        return UnsafeBufferPointer(entries)
    }()

    /// The entry for `k`, which must lie in ``minK``…``maxK``.
    static func entry(for k: Int) -> Entry {
        entries[k - minK]
    }

    /// Works out the entry for `k`.
    static func makeEntry(for k: Int) -> Entry {
        let r = ShortestDecimal.floorLog2(ofPowerOfTen: -k) - 125
        var g: NaturalNumber
        if k <= 0 {
            // 10^-k is whole: shift it into 126 bits.
            let power = NaturalNumber.power(ofTen: -k)
            g = r >= 0 ? power.shiftedRight(by: r) : power.shiftedLeft(by: -r)
        } else {
            // 10^-k / 2^r = 2^-r / 10^k.
            g = NaturalNumber.quotient(ofPowerOfTwo: -r, dividedBy: NaturalNumber.power(ofTen: k))
        }
        g.add(1)
        return Entry(high: g.bits(from: 63, count: 63), low: g.bits(from: 0, count: 63))
    }
}
