import Foundation
import HummingbirdWSClient
import ISCP
import NIOCore
import Testing

@testable import Telemetry

@Suite("iSCP v2 bad frames", .timeLimit(.minutes(5)))
struct ISCP2MalformedFrameTests {
    @Test(
        "bytes that are no protocol buffers message get Disconnect(MALFORMED_MESSAGE) and a close",
        arguments: [
            [0x0A, 0x45, 0x12],  // a field length that runs past the frame
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // an unterminated varint tag
            [0x0B],  // a start-group wire type
        ] as [[UInt8]])
    func malformed(bytes: [UInt8]) async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "n") { peer in
                try await peer.send(bytes: bytes)
                guard case .disconnect(let disconnect) = try await peer.next() else {
                    Issue.record("no Disconnect")
                    return
                }
                #expect(disconnect.resultCode == .malformedMessage)
                #expect(await peer.closes())
            }
        }
    }

    @Test("a text frame gets Disconnect(PROTOCOL_ERROR) and a close")
    func textFrame() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "n") { peer in
                try await peer.outbound.write(.text("{\"ping\":{}}"))
                guard case .disconnect(let disconnect) = try await peer.next() else {
                    Issue.record("no Disconnect")
                    return
                }
                #expect(disconnect.resultCode == .protocolError)
                #expect(await peer.closes())
            }
        }
    }

    @Test("an empty frame and a message of an unknown kind are ignored")
    func unknownKinds() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "n") { peer in
                try await peer.send(bytes: [])
                // Field 500 of Message, length-delimited, two bytes: a kind from a newer version.
                try await peer.send(bytes: [0xA2, 0x1F, 0x02, 0x08, 0x01])
                try await peer.send(ISCP2Requests.ping(8))
                guard case .pong(let pong) = try await peer.next() else {
                    Issue.record("the connection did not survive")
                    return
                }
                #expect(pong.requestID == 8)
            }
        }
    }
}
