import Foundation
import ISCP
import Testing

@testable import Telemetry

@Suite("iSCP v2 E2E calls", .timeLimit(.minutes(5)))
struct ISCP2CallTests {
    typealias S = ISCP2Selectors

    @Test("a call reaches its destination node, and the reply comes back to the caller")
    func callAndReply() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "operator") { caller in
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                    try await caller.send(.upstreamCall(call(id: "c1", replyingTo: "", to: edgeNode, payload: "start")))
                    let ack = try await caller.next(S.upstreamCallAck)
                    #expect(ack.callID == "c1")
                    #expect(ack.resultCode == .succeeded)

                    let received = try await edge.next(S.downstreamCall)
                    #expect(received.callID == "c1")
                    #expect(received.requestCallID == "")
                    #expect(received.sourceNodeID == "operator")
                    #expect(received.name == "command")
                    #expect(received.type == "text/plain")
                    #expect(received.payload == Data("start".utf8))

                    try await edge.send(.upstreamCall(call(id: "r1", replyingTo: "c1", to: "operator", payload: "started")))
                    #expect(try await edge.next(S.upstreamCallAck).resultCode == .succeeded)
                    let reply = try await caller.next(S.downstreamCall)
                    #expect(reply.callID == "r1")
                    #expect(reply.requestCallID == "c1")
                    #expect(reply.sourceNodeID == edgeNode)
                    #expect(reply.payload == Data("started".utf8))
                }
            }
        }
    }

    @Test("a call to a node that is not connected is refused")
    func destinationNotConnected() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "operator") { caller in
                try await caller.send(.upstreamCall(call(id: "c2", replyingTo: "", to: "nobody", payload: "?")))
                let ack = try await caller.next(S.upstreamCallAck)
                #expect(ack.callID == "c2")
                #expect(ack.resultCode == .processFailed)
                #expect(ack.resultString.contains("nobody"))
            }
        }
    }

    private func call(id: String, replyingTo requestCallID: String, to destination: String, payload: String) -> ISCP2UpstreamCall {
        var call = ISCP2UpstreamCall()
        call.callID = id
        call.requestCallID = requestCallID
        call.destinationNodeID = destination
        call.name = "command"
        call.type = "text/plain"
        call.payload = Data(payload.utf8)
        return call
    }
}
