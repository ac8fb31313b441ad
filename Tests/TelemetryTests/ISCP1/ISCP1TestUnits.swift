import Foundation
import ISCP

/// Units for the endpoint tests, one of each kind a device sends.
enum ISCP1TestUnits {
    /// A unit on `stream` and `channel`, `milliseconds` after the base time.
    static func unit(_ stream: UInt8, channel: UInt8 = 1, milliseconds: UInt64, _ payload: ISCP1Payload) throws -> ISCP1Unit {
        try ISCP1Unit(
            streamID: stream, channel: channel,
            elapsedTime: ISCP1ElapsedTime(nanoseconds: milliseconds * 1_000_000, precision: .milliseconds),
            payload: payload
        )
    }

    /// The base time 2021-01-01T00:00:00.25Z from the edge's clock, at elapsed time 0.
    static func baseTime(_ stream: UInt8, channel: UInt8 = 1) throws -> ISCP1Unit {
        try unit(
            stream, channel: channel, milliseconds: 0, .baseTime(ISCP1BaseTime(type: .edgeRTC, seconds: 1_609_459_200, nanoseconds: 250_000_000)))
    }

    /// The NMEA filter id of a 5-character sentence type: its bytes, the first one lowest.
    static func nmeaID(_ type: String) -> UInt64 {
        type.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}
