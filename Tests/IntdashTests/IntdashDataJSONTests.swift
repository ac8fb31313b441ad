import Foundation
import Testing

@testable import Intdash

/// Each data class reads back the JSON object it writes, also after a trip through
/// `JSONSerialization`, and refuses objects that lack what it needs.
@Suite struct IntdashDataJSONTests {
    /// `value`'s JSON object after serialization and parsing, as a server would give it.
    private func reparsed(_ value: IntdashData) throws -> [String: Any] {
        let data = try JSONSerialization.data(withJSONObject: value.jsonObject)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The value `init?(json:)` of `value`'s class makes from `json`.
    private func decoded(_ json: [String: Any], like value: IntdashData) -> IntdashData? {
        switch value {
        case is IntdashData.DataBaseTime: IntdashData.DataBaseTime(json: json)
        case is IntdashData.DataCAN: IntdashData.DataCAN(json: json)
        case is IntdashData.DataNMEA: IntdashData.DataNMEA(json: json)
        case is IntdashData.DataGeneralSensor: IntdashData.DataGeneralSensor(json: json)
        case is IntdashData.DataControlPad: IntdashData.DataControlPad(json: json)
        case is IntdashData.DataMavlinkPacket: IntdashData.DataMavlinkPacket(json: json)
        case is IntdashData.DataJPEG: IntdashData.DataJPEG(json: json)
        case is IntdashData.DataH264: IntdashData.DataH264(json: json)
        case is IntdashData.DataH265: IntdashData.DataH265(json: json)
        case is IntdashData.DataPCM: IntdashData.DataPCM(json: json)
        case is IntdashData.DataAAC: IntdashData.DataAAC(json: json)
        case is IntdashData.DataString: IntdashData.DataString(json: json)
        case is IntdashData.DataFloat: IntdashData.DataFloat(json: json)
        case is IntdashData.DataInt: IntdashData.DataInt(json: json)
        case is IntdashData.DataBytes: IntdashData.DataBytes(json: json)
        case is IntdashData.DataGeneric: IntdashData.DataGeneric(json: json)
        default: nil
        }
    }

    @Test func everyClassReadsItsOwnJSON() throws {
        for value in try IntdashDataCodecTests.samples() {
            let copy = decoded(try reparsed(value), like: value)
            #expect(copy == value, "\(value.dataType)")
        }
    }

    @Test func bytesMayBeArraysOfNumbers() throws {
        let can = try #require(IntdashData.DataCAN(json: ["id": 5, "data": [1, 2, 255]]))
        #expect(can.data == [1, 2, 255])
        #expect(can.dlc == 3)
        #expect(IntdashData.DataCAN(json: ["id": 5, "data": [1, 256]]) == nil)
    }

    @Test func incompleteObjectsAreRefused() {
        #expect(IntdashData.DataFloat(json: ["id": "speed"]) == nil)
        #expect(IntdashData.DataBaseTime(json: ["type": 9, "baseTimeSec": 1, "baseTimeNsec": 0]) == nil)
        #expect(IntdashData.DataInt(json: ["id": "n", "data": 1.5]) == nil)
        #expect(IntdashData.DataH264(json: ["type": 200, "data": ""]) == nil)
    }
}
