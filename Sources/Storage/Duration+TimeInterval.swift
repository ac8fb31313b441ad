import Foundation

extension Duration {
    /// The duration in seconds, to add to a `Date`.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
