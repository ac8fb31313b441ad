/// The precision of a unit's elapsed time, which the byte length of its fraction field encodes
/// (spec §2.2): 2 bytes for milliseconds, 3 for microseconds, 4 for nanoseconds.
public enum ISCP1TimePrecision: Sendable, Hashable, CaseIterable {
    /// The fraction counts milliseconds.
    case milliseconds
    /// The fraction counts microseconds.
    case microseconds
    /// The fraction counts nanoseconds.
    case nanoseconds

    /// The precision whose fraction field is `width` bytes long, if any.
    public init?(fractionWidth width: Int) {
        guard let precision = Self.allCases.first(where: { $0.fractionWidth == width }) else { return nil }
        self = precision
    }

    /// The byte length of the VU16/32 fraction field.
    public var fractionWidth: Int {
        switch self {
        case .milliseconds: 2
        case .microseconds: 3
        case .nanoseconds: 4
        }
    }

    /// How many fraction units make one second; fractions are always below it.
    public var unitsPerSecond: UInt32 {
        switch self {
        case .milliseconds: 1_000
        case .microseconds: 1_000_000
        case .nanoseconds: 1_000_000_000
        }
    }

    /// How many nanoseconds one fraction unit is.
    public var nanosecondsPerUnit: UInt32 {
        1_000_000_000 / unitsPerSecond
    }
}
