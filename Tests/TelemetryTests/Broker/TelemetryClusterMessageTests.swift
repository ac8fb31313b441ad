import Foundation
import NIOCore
import Testing

@testable import Telemetry

/// The messages brokers exchange between instances: every kind read back as it was written,
/// and bytes that are not a whole message refused without a crash.
struct TelemetryClusterMessageTests {
    static let upstream = TelemetryUpstream(streamID: UUID(), sessionID: "6b1c0a7e-0000-4000-8000-000000000001", sourceNodeID: "edge-ü")

    static let messages: [TelemetryClusterMessage] = [
        .chunk(
            TelemetryChunk(
                upstream: upstream, sequenceNumber: 42,
                groups: [
                    TelemetryDataPointGroup(
                        dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                        dataPoints: [
                            TelemetryDataPoint(elapsedTime: -5, payload: [1, 2, 3]), TelemetryDataPoint(elapsedTime: .max, payload: []),
                        ]),
                    TelemetryDataPointGroup(dataID: TelemetryDataID(name: "", type: "string"), dataPoints: []),
                ])),
        .metadata(.baseTime(TelemetryBaseTime(sessionID: "s", name: "edge_rtc", priority: 20, elapsedTime: 7, baseTime: -1)), sourceNodeID: "edge"),
        .metadata(.upstreamOpened(upstream), sourceNodeID: upstream.sourceNodeID),
        .metadata(.upstreamResumed(upstream), sourceNodeID: upstream.sourceNodeID),
        .metadata(.upstreamClosed(upstream, totalDataPoints: 1 << 40, finalSequenceNumber: .max), sourceNodeID: upstream.sourceNodeID),
        .metadata(.upstreamLost(upstream), sourceNodeID: upstream.sourceNodeID),
        .call(
            TelemetryCall(
                callID: "c1", requestCallID: "", sourceNodeID: "a", destinationNodeID: "b", name: "ping", type: "text", payload: Array("hi".utf8))),
    ]

    @Test(arguments: messages)
    func aMessageIsReadBackAsItWasWritten(message: TelemetryClusterMessage) throws {
        #expect(try TelemetryClusterMessage(decoding: message.encoded()) == message)
    }

    @Test(arguments: messages)
    func everyShorterOrLongerCopyIsRefused(message: TelemetryClusterMessage) {
        let bytes = Array(message.encoded().readableBytesView)
        for length in 0..<bytes.count {
            #expect(throws: TelemetryClusterMessage.Malformed.self) { try TelemetryClusterMessage(decoding: ByteBuffer(bytes: bytes[..<length])) }
        }
        #expect(throws: TelemetryClusterMessage.Malformed.self) { try TelemetryClusterMessage(decoding: ByteBuffer(bytes: bytes + [0])) }
    }

    @Test func aCountLargerThanTheMessageIsRefusedBeforeAnythingIsAllocated() {
        // Version 1, a chunk, an upstream, sequence 1, then 4 billion groups in 0 bytes.
        var buffer = ByteBuffer(bytes: [1, 1] + [UInt8](repeating: 0, count: 16) + [0, 0, 0, 0, 0, 0, 0, 0])
        buffer.writeInteger(UInt32(1))
        buffer.writeInteger(UInt32.max)
        #expect(throws: TelemetryClusterMessage.Malformed(description: "a count larger than the message")) {
            try TelemetryClusterMessage(decoding: buffer)
        }
    }

    @Test func nodeIDsBecomeSubjectTokensThatHoldNoSeparator() {
        let uuid = "6b1c0a7e-0000-4000-8000-000000000001"
        #expect(TelemetryClusterSubject.events(of: uuid) == "chancery.telemetry.events.\(uuid)")
        let odd = TelemetryClusterSubject.token("a.b *>")
        #expect(odd.hasPrefix("x") && odd.count == 65 && odd.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(TelemetryClusterSubject.token("A") != TelemetryClusterSubject.token("a"))
    }
}
