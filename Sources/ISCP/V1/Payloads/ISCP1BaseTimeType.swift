/// Where a measurement's base time came from (intdash-py `BasetimeType`, Swift
/// `DataBaseTime.TimeType`).
public enum ISCP1BaseTimeType: UInt8, Sendable, Hashable, CaseIterable {
    /// The edge's real-time clock.
    case edgeRTC = 0x01
    /// NTP.
    case ntp = 0x02
    /// GPS.
    case gps = 0x03
    /// A provisional base time that a better one may replace.
    case volatile = 0xfd
    /// The time the API first received data of the measurement.
    case apiFirstReceived = 0xfe
    /// Set by hand.
    case manual = 0xff
}
