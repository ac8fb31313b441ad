/// The wall-clock time a session's elapsed times count from, as one clock saw it.
public struct TelemetryBaseTime: Hashable, Sendable {
    /// The session (measurement UUID) the base time belongs to.
    public let sessionID: String
    /// The clock: `edge_rtc`, `ntp`, `gps`, `api_first_received`, `volatile` or `manual`.
    public let name: String
    /// Which of several base times wins: the higher priority.
    public let priority: UInt32
    /// Nanoseconds since the session started at which the base time was taken.
    public let elapsedTime: UInt64
    /// The time itself, in nanoseconds since 1970-01-01T00:00:00Z.
    public let baseTime: Int64

    /// Creates a base time.
    public init(sessionID: String, name: String, priority: UInt32, elapsedTime: UInt64, baseTime: Int64) {
        self.sessionID = sessionID
        self.name = name
        self.priority = priority
        self.elapsedTime = elapsedTime
        self.baseTime = baseTime
    }
}
