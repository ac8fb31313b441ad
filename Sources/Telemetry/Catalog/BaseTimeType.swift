/// The clock a measurement's base time was read from, as intdash names them.
///
/// When a measurement has base times of several types, the one of the highest ``priority``
/// is the measurement's base time: a time set by hand beats any clock, a synchronized clock
/// (NTP, then GPS) beats the edge's own real-time clock, and that beats the server's
/// reception time and a clock known to be unreliable.
public enum BaseTimeType: String, Sendable, Hashable, CaseIterable {
    /// The edge's real-time clock.
    case edgeRTC = "edge_rtc"
    /// An NTP-synchronized clock.
    case ntp
    /// A GPS receiver's time.
    case gps
    /// A clock that may jump (no synchronization).
    case volatile
    /// When the server received the first data.
    case apiFirstReceived = "api_first_received"
    /// Set by a person.
    case manual

    /// The rank of this type among a measurement's base times; higher wins.
    public var priority: Int {
        switch self {
        case .volatile: return 0
        case .apiFirstReceived: return 1
        case .edgeRTC: return 2
        case .gps: return 3
        case .ntp: return 4
        case .manual: return 5
        }
    }
}
