import Foundation
import ISCP

/// Turns values into bytes and back: each value is an iSCP 1.0 unit element (spec §2.2) on
/// stream 0, channel 0, at elapsed time 0, so that the bytes are the protocol's own.
public enum IntdashPacketHelper {
    /// The units of `units`, back to back.
    public static func generatePackets(units: [IntdashData]) throws -> Data {
        Data(try elements(of: units, channel: 0, elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .nanoseconds)))
    }

    /// The values of the units in `data`.
    public static func parsePackets(data: Data) throws -> [IntdashData] {
        try units(in: [UInt8](data)).map { try IntdashData.decoded(rawDataType: $0.rawDataType, payload: $0.payload) }
    }

    /// The unit elements of `units` on `channel` at `elapsedTime`.
    static func elements(of units: [IntdashData], channel: UInt8, elapsedTime: ISCP1ElapsedTime) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for value in units {
            let unit = ISCP1Unit(
                streamID: 0, channel: channel, rawDataType: value.dataType.rawValue, elapsedTime: elapsedTime, payload: try value.payloadBytes()
            )
            try encode(.unit(unit), into: &bytes)
        }
        return bytes
    }

    /// The units among the elements of `bytes`; other elements are an error.
    static func units(in bytes: [UInt8]) throws -> [ISCP1Unit] {
        try decode(bytes).map { element in
            guard case .unit(let unit) = element else {
                throw IntdashDataError.invalidPayload("a stored packet holds a \(element.elementType) element, not a unit")
            }
            return unit
        }
    }

    /// Appends `element`, with the codec's typed error rethrown untyped.
    static func encode(_ element: ISCP1Element, into bytes: inout [UInt8]) throws {
        try ISCP1Encoder().encode(element, into: &bytes)
    }

    /// The elements of `bytes`, with the codec's typed error rethrown untyped.
    static func decode(_ bytes: [UInt8]) throws -> [ISCP1Element] {
        try ISCP1Decoder().decode(bytes)
    }
}
