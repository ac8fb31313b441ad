/// The time of a unit, counted from its measurement's base time: whole seconds and a fraction
/// of a second in the unit's precision.
public struct ISCP1ElapsedTime: Sendable, Hashable {
    /// Whole seconds; the wire holds at most 8,388,607 (VU16/24).
    public var seconds: UInt32
    /// The part of a second, in units of `precision`; below `precision.unitsPerSecond`.
    public var fraction: UInt32
    /// What `fraction` counts.
    public var precision: ISCP1TimePrecision

    /// Creates an elapsed time from its fields.
    public init(seconds: UInt32, fraction: UInt32, precision: ISCP1TimePrecision) {
        self.seconds = seconds
        self.fraction = fraction
        self.precision = precision
    }

    /// Creates the elapsed time `nanoseconds` after the base time, truncated to `precision`
    /// as intdash-py truncates it. Seconds beyond `UInt32.max` are clamped to it; the encoder
    /// refuses anything beyond the VU16/24 limit anyway.
    public init(nanoseconds: UInt64, precision: ISCP1TimePrecision) {
        let wholeSeconds = nanoseconds / 1_000_000_000
        self.seconds = UInt32(clamping: wholeSeconds)
        self.fraction = UInt32(nanoseconds % 1_000_000_000) / precision.nanosecondsPerUnit
        self.precision = precision
    }

    /// The elapsed time in nanoseconds.
    public var nanoseconds: UInt64 {
        UInt64(seconds) * 1_000_000_000 + UInt64(fraction) * UInt64(precision.nanosecondsPerUnit)
    }

    /// The elapsed time as a `Duration`.
    public var duration: Duration {
        .seconds(Int64(seconds)) + .nanoseconds(Int64(fraction) * Int64(precision.nanosecondsPerUnit))
    }
}
