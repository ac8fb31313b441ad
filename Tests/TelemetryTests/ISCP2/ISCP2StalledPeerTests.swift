import Foundation
import ISCP
import Testing

@testable import Telemetry

@Suite("iSCP v2 with a peer that stops reading", .timeLimit(.minutes(5)))
struct ISCP2StalledPeerTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    /// Chunks of 64 KiB the device sends.
    static let chunkCount: UInt32 = 13
    /// Downstreams of the device the viewer opens: each chunk reaches it this many times, 6.5
    /// MiB in all, more than the viewer's small socket buffer, the server's socket and its
    /// outbox's room for them, so that the server's writer waits. The device itself sends
    /// little: in a debug build, a test client masking megabytes a byte at a time takes many
    /// seconds of a loaded machine.
    static let downstreamCount: UInt32 = 8

    @Test("a connection whose viewer stopped reading ends once the writer's grace period is over: its socket is closed without a close frame")
    func stalledViewer() async throws {
        var limits = ISCP2Limits()
        limits.closeGracePeriod = .milliseconds(200)
        limits.writerGracePeriod = .milliseconds(300)
        try await ISCP2TestServer.with(limits: limits) { server in
            let codec = ISCP2MessageCodec()
            let viewer = try await StalledWebSocketClient(port: server.port, pathAndQuery: "\(ISCP2Endpoint.path)?enc=proto")
            try await viewer.send(codec.encode(Self.message(.connectRequest(Self.connectRequest(token: server.administratorToken)))))
            for alias in 1...Self.downstreamCount {
                try await viewer.send(
                    codec.encode(Self.message(R.openDownstream(alias + 1, alias: alias, filters: [(server.edgeNodeID, [("#", "#")])]))))
            }
            var opened: [ISCP2DownstreamOpenResponse] = []
            while opened.count < Self.downstreamCount, let frame = try await viewer.nextFrame() {
                if let response = (try? codec.decode(frame.payload))?.message.flatMap(S.downstreamOpenResponse) { opened.append(response) }
            }
            #expect(opened.count == Int(Self.downstreamCount))
            #expect(opened.allSatisfy { $0.resultCode == .succeeded })
            try await viewer.stopReading()

            try await Self.streamFromDevice(of: server)
            var disconnect = ISCP2Disconnect()
            disconnect.resultCode = .succeeded
            disconnect.resultString = "NORMAL_CLOSURE"
            try await viewer.send(codec.encode(Self.message(.disconnect(disconnect))))
            // Far longer than the close and writer grace periods together (0.5 s).
            try await Task.sleep(for: .seconds(3))
            // A server still waiting on its writer sends the rest once the viewer reads again, then
            // a close frame; one that gave up has closed the socket without one.
            let sentCloseFrame = try await viewer.readUntilEnd()
            #expect(!sentCloseFrame)
            try await viewer.close()
        }
    }

    private static func message(_ body: ISCP2Message.OneOf_Message) -> ISCP2Message {
        var message = ISCP2Message()
        message.message = body
        return message
    }

    /// The ConnectRequest of the viewer, which pings rarely enough not to matter here.
    private static func connectRequest(token: String) -> ISCP2ConnectRequest {
        var request = ISCP2ConnectRequest()
        request.protocolVersion = "2.0.0"
        request.nodeID = "viewer"
        request.pingInterval = 10
        request.pingTimeout = 10
        request.extensionFields.accessToken = token
        return request
    }

    /// Sends ``chunkCount`` chunks from the edge and returns once the server acknowledged the
    /// last, which it does after routing it.
    private static func streamFromDevice(of server: ISCP2TestServer) async throws {
        try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
            try await edge.send(R.openUpstream(2, session: "s"))
            let alias = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
            let blob = R.dataID("1/blob", "bytes")
            let payload = Array(repeating: UInt8(0xA5), count: 64 << 10)
            for sequence in 1...chunkCount {
                try await edge.send(R.chunk(alias: alias, sequenceNumber: sequence, [R.group(blob, [R.point(Int64(sequence), payload)])]))
            }
            var acknowledged: Set<UInt32> = []
            while !acknowledged.contains(chunkCount) {
                acknowledged.formUnion(try await edge.next(S.upstreamChunkAck).results.map(\.sequenceNumber))
            }
        }
    }
}
