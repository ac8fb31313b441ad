import ChanceryTestSupport
import ISCP
import Testing

@testable import Telemetry

/// The iSCP 1.0 units a data id's view makes of stored points.
@Suite struct ISCP1DataIDViewTests {
    /// Float and Int points are written straight into their payload; it must be what
    /// `ISCP1Payload` encodes for the same id and value, or no unit when that cannot be encoded.
    @Test func floatAndIntPayloadsAreWhatTheIdentifiedValueEncodes() throws {
        var random = SeededGenerator(seed: 7)
        let longID = String(repeating: "x", count: 300)
        // 254 bytes and then a two-byte character that the cut to 255 bytes splits.
        let splitID = String(repeating: "y", count: 254) + "é"
        for name in ["1/speed", "speed", "2/", "3/ïd 名前", "4/" + longID, "5/" + splitID] {
            for type in ["float64", "int64"] {
                let view = ISCP1DataIDView(TelemetryDataID(name: name, type: type))
                for _ in 0..<20 {
                    let bits = random.next()
                    let point = TelemetryDataPoint(
                        elapsedTime: Int64(random.next(below: 1 << 40)), payload: (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) })
                    let unitID = String(decoding: Array(view.iscp1DataID.utf8.prefix(255)), as: UTF8.self)
                    let payload: ISCP1Payload =
                        type == "float64"
                        ? .float(ISCP1IdentifiedValue(id: unitID, value: Double(bitPattern: bits)))
                        : .int(ISCP1IdentifiedValue(id: unitID, value: Int64(bitPattern: bits)))
                    let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64(point.elapsedTime), precision: .nanoseconds)
                    let expected = try? ISCP1Unit(streamID: 3, channel: view.channel, elapsedTime: elapsed, payload: payload)
                    #expect(view.unit(of: point, streamID: 3) == expected, "\(type) \(name.prefix(12))")
                }
            }
        }
    }
}
