/// One sample: when it was taken, relative to its measurement's base time, and its bytes.
public struct TelemetryDataPoint: Hashable, Sendable {
    /// Nanoseconds since the base time of the measurement (may be negative).
    public let elapsedTime: Int64
    /// The encoded value, in the representation its data id's type names.
    ///
    /// A slice, so that the points read from one frame share its bytes rather than each
    /// holding an allocation of its own: a chunk of a thousand points is then made and freed
    /// without a thousand calls to the allocator. Its indices start where the slice does.
    public let payload: ArraySlice<UInt8>

    /// Creates a data point holding `payload`.
    public init(elapsedTime: Int64, payload: ArraySlice<UInt8>) {
        self.elapsedTime = elapsedTime
        self.payload = payload
    }

    /// Creates a data point holding all of `payload`.
    public init(elapsedTime: Int64, payload: [UInt8]) {
        self.init(elapsedTime: elapsedTime, payload: payload[...])
    }
}
