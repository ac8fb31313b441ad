import Foundation
import HummingbirdWSClient
import ISCP
import Logging
import NIOCore
import Testing

@testable import Telemetry

@Suite("iSCP v2 with a peer that stops reading", .timeLimit(.minutes(1)))
struct ISCP2StalledPeerTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    /// Chunks of 64 KiB the device sends: 25 MiB, far more than the sockets, the viewer's
    /// client and the server's outbox hold together, so that the server's writer waits.
    static let chunkCount: UInt32 = 400

    @Test("a connection whose viewer stopped reading ends once the writer's grace period is over: its socket is closed without a close frame")
    func stalledViewer() async throws {
        var limits = ISCP2Limits()
        limits.closeGracePeriod = .milliseconds(200)
        limits.writerGracePeriod = .milliseconds(300)
        try await ISCP2TestServer.with(limits: limits) { server in
            let (opened, viewerOpened) = AsyncStream.makeStream(of: Void.self)
            let (routed, deviceRouted) = AsyncStream.makeStream(of: Void.self)
            async let device: Void = Self.streamFromDevice(of: server, after: opened, then: deviceRouted)
            let closeFrame = try? await WebSocketClient.connect(
                url: server.url(), configuration: WebSocketClientConfiguration(maxFrameSize: 16 << 20), logger: Logger(label: "iscp2.stalled.viewer")
            ) { inbound, outbound, _ in
                let peer = ISCP2TestPeer(outbound: outbound, received: AsyncStream { $0.finish() })
                var messages = inbound.messages(maxSize: 16 << 20).makeAsyncIterator()
                try await peer.send(.connectRequest(Self.connectRequest(token: server.administratorToken)))
                try await peer.send(R.openDownstream(2, alias: 1, filters: [(server.edgeNodeID, [("#", "#")])]))
                while let message = try await messages.next() {
                    guard case .binary(let buffer) = message, let decoded = try? ISCP2MessageCodec().decode(Array(buffer.readableBytesView)) else { continue }
                    if let response = decoded.message.flatMap(S.downstreamOpenResponse) {
                        #expect(response.resultCode == .succeeded)
                        break
                    }
                }
                viewerOpened.yield()
                // From here the viewer reads nothing until the server has had time to give up on it.
                var waiting = routed.makeAsyncIterator()
                _ = await waiting.next()
                var disconnect = ISCP2Disconnect()
                disconnect.resultCode = .succeeded
                disconnect.resultString = "NORMAL_CLOSURE"
                try await peer.send(.disconnect(disconnect))
                // Far longer than the close and writer grace periods together (0.5 s).
                try await Task.sleep(for: .seconds(3))
                // What reached the socket before the server closed it still arrives, then the end.
                while try await messages.next() != nil {}
            }
            try await device
            // A server still waiting on its writer would have sent the rest once the viewer read
            // again, then a close frame; one that gave up closed the socket without one.
            #expect(closeFrame == nil)
        }
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

    /// Once the viewer has opened its downstream, sends ``chunkCount`` chunks from the edge and
    /// signals `routed` when the server acknowledged the last, which it does after routing it.
    private static func streamFromDevice(
        of server: ISCP2TestServer, after opened: AsyncStream<Void>, then routed: AsyncStream<Void>.Continuation
    ) async throws {
        var waiting = opened.makeAsyncIterator()
        _ = await waiting.next()
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
            routed.yield()
        }
    }
}
