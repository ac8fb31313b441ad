/// One sample: when it was taken, relative to its measurement's base time, and its bytes.
public struct TelemetryDataPoint: Hashable, Sendable {
    /// Nanoseconds since the base time of the measurement (may be negative).
    public let elapsedTime: Int64
    /// The encoded value, in the representation its data id's type names.
    public let payload: [UInt8]

    /// Creates a data point.
    public init(elapsedTime: Int64, payload: [UInt8]) {
        self.elapsedTime = elapsedTime
        self.payload = payload
    }
}
