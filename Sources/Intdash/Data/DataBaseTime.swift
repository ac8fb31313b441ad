import Foundation
import ISCP

extension IntdashData {
    /// The base time of a measurement: the absolute time its elapsed times count from, and the
    /// clock it was read from. An edge sends it before its first data
    /// (``IntdashClient/UpstreamManager/sendFirstData(_:streamId:channelNum:baseTimeType:)``).
    open class DataBaseTime: IntdashData {
        /// Nanoseconds per second.
        public static let secToNsec: Double = 1_000_000_000

        /// The clock a base time was read from; the raw values are the iSCP 1.0 bytes.
        public enum TimeType: UInt8, Sendable {
            /// The edge's real-time clock.
            case edge = 0x01
            /// NTP.
            case ntp = 0x02
            /// GPS.
            case gps = 0x03
            /// A provisional base time that a better one may replace.
            case volatile = 0xfd
            /// The time the server first received data of the measurement.
            case api = 0xfe
            /// Set by hand.
            case manual = 0xff
        }

        /// The clock.
        public private(set) var type: TimeType
        /// Whole seconds since 1970-01-01T00:00:00Z.
        public private(set) var baseTimeSec: UInt32
        /// Nanoseconds past ``baseTimeSec``.
        public private(set) var baseTimeNsec: UInt32

        /// The base time in seconds since 1970.
        public var value: TimeInterval {
            TimeInterval(baseTimeSec) + TimeInterval(baseTimeNsec) / Self.secToNsec
        }

        /// Creates a base time from seconds and nanoseconds; nanoseconds of a second or more
        /// carry into the seconds.
        public init(type: TimeType, baseTimeSec: UInt32, baseTimeNSec: UInt32) {
            self.type = type
            self.baseTimeSec = baseTimeSec &+ baseTimeNSec / 1_000_000_000
            self.baseTimeNsec = baseTimeNSec % 1_000_000_000
            super.init(dataType: .baseTime)
        }

        /// Creates a base time from seconds since 1970, to the nanosecond; times before 1970
        /// or after 2106 are clamped to that range.
        public convenience init(type: TimeType, baseTime: TimeInterval) {
            let clamped = min(max(baseTime, 0), TimeInterval(UInt32.max))
            let seconds = clamped.rounded(.down)
            let nanoseconds = min(((clamped - seconds) * Self.secToNsec).rounded(), 999_999_999)
            self.init(type: type, baseTimeSec: UInt32(seconds), baseTimeNSec: UInt32(nanoseconds))
        }

        /// Reads `{"type": 1, "baseTimeSec": …, "baseTimeNsec": …}`.
        public convenience init?(json: [String: Any]) {
            guard let rawType = IntdashJSONField.integer(json["type"], as: UInt8.self), let type = TimeType(rawValue: rawType),
                let seconds = IntdashJSONField.integer(json["baseTimeSec"], as: UInt32.self),
                let nanoseconds = IntdashJSONField.integer(json["baseTimeNsec"], as: UInt32.self)
            else { return nil }
            self.init(type: type, baseTimeSec: seconds, baseTimeNSec: nanoseconds)
        }

        override func payload() throws -> ISCP1Payload {
            guard let type = ISCP1BaseTimeType(rawValue: type.rawValue) else {
                throw IntdashDataError.invalidPayload("base time type \(type.rawValue)")
            }
            return .baseTime(ISCP1BaseTime(type: type, seconds: baseTimeSec, nanoseconds: baseTimeNsec))
        }

        override var jsonObject: [String: Any] {
            ["type": Int(type.rawValue), "baseTimeSec": Int(baseTimeSec), "baseTimeNsec": Int(baseTimeNsec)]
        }

        override var primaryValue: Any? {
            value
        }
    }
}
