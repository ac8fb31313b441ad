import Foundation

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

    /// A generator for a test that draws different cases in every run: its seed is
    /// `CHANCERY_TEST_SEED` when that is set, else a fresh random one, and it is printed with
    /// `test`'s name, so that a run that failed can be repeated exactly.
    ///
    /// ```swift
    /// var random = SeededGenerator.logged()   // prints: seed 1234… for randomBytes() (CHANCERY_TEST_SEED=… repeats it)
    /// ```
    public static func logged(for test: String = #function) -> SeededGenerator {
        let given = ProcessInfo.processInfo.environment["CHANCERY_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64.random(in: .min ... .max)
        print("seed \(seed) for \(test) (CHANCERY_TEST_SEED=\(seed) repeats it)")
        return SeededGenerator(seed: seed)
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
