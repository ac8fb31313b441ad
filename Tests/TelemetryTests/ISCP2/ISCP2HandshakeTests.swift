import Foundation
import HTTPTypes
import ISCP
import Testing

@testable import Telemetry

@Suite("iSCP v2 handshake", .timeLimit(.minutes(5)))
struct ISCP2HandshakeTests {
    @Test("the administrator's token connects as any node; the response echoes the request id and answers first")
    func connects() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url()) { peer in
                var request = ISCP2ConnectRequest()
                request.requestID = 4
                request.protocolVersion = "2.0.0"
                request.nodeID = "viewer-1"
                request.extensionFields.accessToken = server.administratorToken
                try await peer.send(.connectRequest(request))
                guard case .connectResponse(let response) = try await peer.next() else {
                    Issue.record("the first message is not a ConnectResponse")
                    return
                }
                #expect(response.requestID == 4)
                #expect(response.resultCode == .succeeded)
                #expect(response.protocolVersion == "2.0.0")
            }
        }
    }

    @Test("a ping is answered with a pong of the same request id")
    func pingPong() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer-1") { peer in
                for requestID: UInt32 in [2, 4, 6] {
                    try await peer.send(ISCP2Requests.ping(requestID))
                    guard case .pong(let pong) = try await peer.next() else {
                        Issue.record("no pong for ping \(requestID)")
                        return
                    }
                    #expect(pong.requestID == requestID)
                }
            }
        }
    }

    @Test("an unknown token is refused with AUTH_FAILED, and the server closes")
    func unknownToken() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url()) { peer in
                let response = try await peer.connect(token: "chk_not-a-key", nodeID: server.edgeNodeID)
                #expect(response.resultCode == .authFailed)
                #expect(!response.resultString.isEmpty)
                #expect(await peer.closes())
            }
        }
    }

    @Test("no token is refused with AUTH_FAILED")
    func noToken() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url()) { peer in
                let response = try await peer.connect(token: "", nodeID: server.edgeNodeID)
                #expect(response.resultCode == .authFailed)
            }
        }
    }

    @Test("a token in the upgrade's Authorization header serves when the request has none (iscp-go)")
    func headerToken() async throws {
        try await ISCP2TestServer.with { server in
            for header in ["Bearer \(server.edgeToken)", server.edgeToken] {
                try await ISCP2TestPeer.connect(server.url(), headers: [.authorization: header]) { peer in
                    let response = try await peer.connect(token: "", nodeID: server.edgeNodeID)
                    #expect(response.resultCode == .succeeded, "\(response.resultString)")
                }
            }
        }
    }

    @Test("an empty node id is refused with NO_NODE_ID")
    func noNodeID() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url()) { peer in
                let response = try await peer.connect(token: server.administratorToken, nodeID: "")
                #expect(response.resultCode == .noNodeID)
            }
        }
    }

    @Test("an edge connects as itself (in any letter case), not as another node")
    func edgeActsOnlyAsItself() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url()) { peer in
                let response = try await peer.connect(token: server.edgeToken, nodeID: server.edgeNodeID.uppercased())
                #expect(response.resultCode == .succeeded, "\(response.resultString)")
            }
            try await ISCP2TestPeer.connect(server.url()) { peer in
                let response = try await peer.connect(token: server.edgeToken, nodeID: UUID().uuidString.lowercased())
                #expect(response.resultCode == .authFailed)
            }
            try await ISCP2TestPeer.connect(server.url()) { peer in
                let response = try await peer.connect(token: server.aliceToken, nodeID: server.edgeNodeID)
                #expect(response.resultCode == .authFailed)
            }
        }
    }

    @Test("protocol versions 2.x and 3.0 are accepted, others refused with INCOMPATIBLE_VERSION")
    func protocolVersions() async throws {
        try await ISCP2TestServer.with { server in
            for (version, expected) in [
                ("2.0.0", ISCP2ResultCode.succeeded), ("2.1.0", .succeeded), ("3.0.0", .succeeded), ("1.0.0", .incompatibleVersion),
                ("4.0.0", .incompatibleVersion), ("", .incompatibleVersion),
            ] {
                try await ISCP2TestPeer.connect(server.url()) { peer in
                    let response = try await peer.connect(token: server.administratorToken, nodeID: "n", protocolVersion: version)
                    #expect(response.resultCode == expected, "version '\(version)'")
                }
            }
        }
    }

    @Test("a first message other than ConnectRequest gets Disconnect(PROTOCOL_ERROR) and a close")
    func firstMessageMustConnect() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url()) { peer in
                try await peer.send(ISCP2Requests.ping(2))
                guard case .disconnect(let disconnect) = try await peer.next() else {
                    Issue.record("no Disconnect")
                    return
                }
                #expect(disconnect.resultCode == .protocolError)
                #expect(await peer.closes())
            }
        }
    }

    @Test("a client that does not connect in time gets Disconnect(CONNECT_TIMEOUT) and a close")
    func connectTimeout() async throws {
        var limits = ISCP2Limits()
        limits.connectTimeout = .milliseconds(300)
        try await ISCP2TestServer.with(limits: limits) { server in
            // A client on a bare socket: the server's clock starts once it has upgraded the
            // connection, and on a loaded machine the Disconnect and the close can come before a
            // WebSocket library's client has finished the upgrade on its side, which it then
            // may not see the end of.
            let client = try await StalledWebSocketClient(port: server.port, pathAndQuery: "\(ISCP2Endpoint.path)?enc=proto")
            let frame = try #require(try await client.nextFrame())
            #expect(frame.opcode == 0x2)
            guard case .disconnect(let disconnect) = try ISCP2MessageCodec().decode(frame.payload).message else {
                Issue.record("no Disconnect")
                try await client.close()
                return
            }
            #expect(disconnect.resultCode == .connectTimeout)
            #expect(try await client.readUntilEnd())
            try await client.close()
        }
    }

    @Test("after the client's Disconnect nothing more is answered, and the server closes once the grace period passes")
    func clientDisconnect() async throws {
        var limits = ISCP2Limits()
        limits.closeGracePeriod = .milliseconds(300)
        try await ISCP2TestServer.with(limits: limits) { server in
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "n") { peer in
                var disconnect = ISCP2Disconnect()
                disconnect.resultCode = .succeeded
                disconnect.resultString = "NORMAL_CLOSURE"
                try await peer.send(.disconnect(disconnect))
                try await peer.send(ISCP2Requests.ping(2))
                await #expect(throws: ISCP2TestPeer.PeerError.self) { try await peer.next() }
            }
        }
    }

    @Test("unknown query keys are ignored; an encoding other than proto refuses the upgrade")
    func queryKeys() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connect(server.url(query: "enc=proto&comp=per-message&tid=abc")) { peer in
                let response = try await peer.connect(token: server.administratorToken, nodeID: "n")
                #expect(response.resultCode == .succeeded)
            }
            try await ISCP2TestPeer.connect(server.url(query: "comp=none")) { peer in
                let response = try await peer.connect(token: server.administratorToken, nodeID: "n")
                #expect(response.resultCode == .succeeded)
            }
            await #expect(throws: (any Error).self) {
                try await ISCP2TestPeer.connect(server.url(query: "enc=json")) { _ in }
            }
        }
    }
}
