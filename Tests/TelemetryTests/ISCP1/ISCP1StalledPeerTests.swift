import Foundation
import ISCP
import Testing

@testable import Telemetry

@Suite("iSCP 1.0 with a peer that stops reading", .timeLimit(.minutes(5)))
struct ISCP1StalledPeerTests {
    /// Units of 64 KiB the device sends.
    static let unitCount = 13
    /// Downstreams of the device the viewer opens: each unit reaches it this many times, 6.5 MiB
    /// in all, more than the viewer's small socket buffer, the server's socket and the viewer's
    /// downstreams can hold, so that the server's writer waits. The device itself sends little:
    /// in a debug build, a test client masking megabytes a byte at a time takes many seconds of a
    /// loaded machine.
    static let downstreamCount: UInt8 = 8

    @Test("a connection whose viewer stopped reading ends once the writer's grace period is over: its socket is closed without a close frame")
    func stalledViewer() async throws {
        try await ISCP1TestServer.with(storing: false, writerGracePeriod: .milliseconds(300)) { server in
            let viewer = try await StalledWebSocketClient(
                port: server.port, pathAndQuery: ISCP1Endpoint.path, headers: [("X-Edge-Token", server.administratorToken)]
            )
            let specs = (1...Self.downstreamCount).map {
                ISCP1DownstreamSpec(streamID: $0, sourceEdgeUUID: server.edge, destinationEdgeUUID: ISCP1TestPeer.nullUUID)
            }
            try await viewer.send(ISCP1Encoder().encode([.downstreamSpecRequest(ISCP1DownstreamSpecRequest(requestID: 1, specs: specs))]))
            var answer: ISCP1Response?
            while answer == nil, let frame = try await viewer.nextFrame() {
                for case .downstreamSpecResponse(let response) in try ISCP1Decoder().decode(frame.payload) { answer = response }
            }
            #expect(answer == ISCP1Response(requestID: 1, resultCode: .ok))
            try await viewer.stopReading()

            try await Self.streamFromDevice(of: server)
            // Not iSCP 1.0: the server closes the connection as a protocol error.
            try await viewer.send([0x55, 0x03])
            // Far longer than the writer's grace period (0.3 s).
            try await Task.sleep(for: .seconds(3))
            // A server still waiting on its writer sends the rest once the viewer reads again, then
            // a close frame; one that gave up has closed the socket without one.
            let sentCloseFrame = try await viewer.readUntilEnd()
            #expect(!sentCloseFrame)
            try await viewer.close()
        }
    }

    /// Sends one section of ``unitCount`` units from the edge and returns once the server
    /// acknowledged it, which it does after routing its units.
    private static func streamFromDevice(of server: ISCP1TestServer) async throws {
        try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { device in
            #expect(try await device.openUpstream(1, store: false, measurement: UUID(), edge: server.edge) == .ok)
            try await device.send([.startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)), .unit(try ISCP1TestUnits.baseTime(1))])
            let image = Array(repeating: UInt8(0xA5), count: 64 << 10)
            for index in 1...unitCount {
                try await device.send([.unit(try ISCP1TestUnits.unit(1, milliseconds: UInt64(index), .jpeg(image)))])
            }
            try await device.send([.endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 0))])
            #expect(try await device.sectionAck(of: 1).resultCode == .ok)
        }
    }
}
