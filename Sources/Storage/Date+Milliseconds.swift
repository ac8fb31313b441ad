import Foundation

extension Date {
    /// The date in whole milliseconds since 1970, rounded, as databases and leases store it.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
