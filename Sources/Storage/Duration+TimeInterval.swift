import Foundation

extension Duration {
    /// The duration in seconds, to add to a `Date`.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded, as databases and messages store it.
    public var milliseconds: Int64 {
        Int64((timeInterval * 1000).rounded())
    }
}
