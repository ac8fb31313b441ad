/// A failed step of a benchmark, saying what failed.
public struct BenchmarkError: Error, CustomStringConvertible {
    public let description: String

    /// The failure `description`.
    public init(_ description: String) { self.description = description }
}
