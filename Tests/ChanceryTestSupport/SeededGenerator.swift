/// A deterministic random number generator (SplitMix64): every run of a test that draws from
/// it sees the same numbers, so a failing case can be reproduced from its seed.
///
/// ```swift
/// var random = SeededGenerator(seed: 7)
/// let length = random.next(below: 64)       // the same in every run
/// let byte = UInt8.random(in: 0...255, using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator {
    /// The state, advanced by a constant at each step.
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`: the next bits modulo `bound`.
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
