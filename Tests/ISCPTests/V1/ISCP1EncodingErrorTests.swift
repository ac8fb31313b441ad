import Foundation
import ISCP
import Testing

/// Values that do not fit their fields are refused, and a failed encoding leaves the buffer as
/// it was.
@Suite struct ISCP1EncodingErrorTests {
    let edge = ISCP1TestUUIDs.edge

    @Test func tooManyItemsForACountField() {
        let spec = ISCP1UpstreamSpec(
            streamID: 1, store: true, resend: false, measurementUUID: edge, sourceEdgeUUID: edge,
            destinationEdgeUUIDs: Array(repeating: edge, count: 256)
        )
        #expect(throws: ISCP1EncodingError.tooMany("destination edges", count: 256, maximum: 255)) {
            try ISCP1Encoder().encode([.upstreamSpecRequest(ISCP1UpstreamSpecRequest(requestID: 0, specs: [spec]))])
        }
        let downstream = ISCP1DownstreamSpec(streamID: 1, sourceEdgeUUID: edge, destinationEdgeUUID: edge)
        #expect(throws: ISCP1EncodingError.tooMany("downstream specs", count: 256, maximum: 255)) {
            try ISCP1Encoder().encode([
                .downstreamSpecRequest(ISCP1DownstreamSpecRequest(requestID: 0, specs: Array(repeating: downstream, count: 256)))
            ])
        }
        #expect(throws: ISCP1EncodingError.tooMany("bytes of CAN data", count: 256, maximum: 255)) {
            try ISCP1Payload.can(ISCP1CANFrame(id: 1, data: Array(repeating: 0, count: 256))).encoded()
        }
    }

    @Test func numbersTooLargeForTheirFields() {
        #expect(throws: ISCP1EncodingError.outOfRange("elapsed fraction", value: 1_000, maximum: 999)) {
            try ISCP1Encoder().encode([
                .unit(
                    ISCP1Unit(
                        streamID: 1, channel: 1, dataType: .jpeg,
                        elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 1_000, precision: .milliseconds), payload: []))
            ])
        }
        #expect(throws: ISCP1EncodingError.outOfRange("byte length of the data id", value: 256, maximum: 255)) {
            try ISCP1Payload.int(ISCP1IdentifiedValue(id: String(repeating: "x", count: 256), value: 1)).encoded()
        }
        #expect(throws: ISCP1EncodingError.outOfRange("base time nanoseconds", value: 1_000_000_000, maximum: 999_999_999)) {
            try ISCP1Payload.baseTime(ISCP1BaseTime(type: .ntp, seconds: 0, nanoseconds: 1_000_000_000)).encoded()
        }
        let wideMask = ISCP1DataFilter(channel: 1, dataType: .generalSensor, condition: .masks([ISCP1MaskRule(mask: 0x1_0000, result: 0)]))
        #expect(throws: ISCP1EncodingError.outOfRange("filter mask", value: 0x1_0000, maximum: 0xffff)) {
            try ISCP1Encoder().encode([
                .downstreamFilterRequest(
                    ISCP1DownstreamFilterRequest(requestID: 0, streamFilters: [ISCP1StreamFilter(streamID: 1, dataFilters: [wideMask])]))
            ])
        }
    }

    @Test func conditionsThatDoNotFitTheDataType() {
        for filter in [
            ISCP1DataFilter(channel: 1, dataType: .can, condition: .labels(["a"])),
            ISCP1DataFilter(channel: 1, dataType: .string, condition: .masks([])),
            ISCP1DataFilter(channel: 1, dataType: .jpeg, condition: .masks([])),
        ] {
            let request = ISCP1DownstreamFilterRequest(requestID: 0, streamFilters: [ISCP1StreamFilter(streamID: 1, dataFilters: [filter])])
            #expect(throws: ISCP1EncodingError.conditionDoesNotFitDataType(rawDataType: filter.rawDataType)) {
                try ISCP1Encoder().encode([.downstreamFilterRequest(request)])
            }
        }
    }

    @Test func aFailedEncodingLeavesTheBufferAsItWas() throws {
        var buffer = ISCP1Hex.bytes("aafa010000000000")
        let tooLate = ISCP1Unit(
            streamID: 1, channel: 1, dataType: .jpeg,
            elapsedTime: ISCP1ElapsedTime(seconds: 9_000_000, fraction: 0, precision: .milliseconds),
            payload: [1, 2, 3]
        )
        #expect(throws: ISCP1EncodingError.self) { try ISCP1Encoder().encode(.unit(tooLate), into: &buffer) }
        #expect(ISCP1Hex.string(buffer) == "aafa010000000000")
    }
}
