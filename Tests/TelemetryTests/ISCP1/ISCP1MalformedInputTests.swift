import Foundation
import HummingbirdWSClient
import ISCP
import NIOWebSocket
import Testing

@testable import Telemetry

/// Input that is no iSCP 1.0 closes the connection with a clear close code, and the server
/// goes on serving.
@Suite struct ISCP1MalformedInputTests {
    @Test(
        arguments: [
            [0xaa, 0x92, 0x01],  // a measurement ID request cut short
            [0x55, 0x03],  // no preamble
            [0xaa, 0x42],  // an unknown element type
            [0xaa, 0xf9, 0x01, 0x00, 0x00, 0x00, 0x00, 0xaa],  // a good SOS, then a stray preamble
        ] as [[UInt8]])
    func aMalformedMessageClosesTheConnectionAsAProtocolError(bytes: [UInt8]) async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            let closeFrame = try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                try await peer.send(bytes: bytes)
                await #expect(throws: ISCP1TestPeer.PeerError.self) { try await peer.next() }
            }
            #expect(closeFrame?.closeCode == .protocolError)
            #expect(closeFrame?.reason?.contains("malformed iSCP 1.0 message") == true)
            // The server still serves new connections.
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                let result = try await peer.openUpstream(1, store: false, measurement: UUID(), edge: server.edge)
                #expect(result == .ok)
            }
        }
    }

    @Test func aTextMessageClosesTheConnection() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            let closeFrame = try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                try await peer.outbound.write(.text("hello"))
                await #expect(throws: ISCP1TestPeer.PeerError.self) { try await peer.next() }
            }
            #expect(closeFrame?.closeCode == .unacceptableData)
        }
    }

    @Test func elementsOnlyTheServerSendsAndUnitsOfUnknownStreamsAreIgnored() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                try await peer.send([
                    .sectionAck(ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 0)),
                    .upstreamSpecResponse(ISCP1Response(requestID: 0, resultCode: .ok)),
                    .startOfSection(ISCP1StartOfSection(streamID: 4, serialNumber: 0)),
                    .unit(try ISCP1TestUnits.unit(4, milliseconds: 1, .int(ISCP1IdentifiedValue(id: "x", value: 1)))),
                    .endOfSection(ISCP1EndOfSection(streamID: 4, isFinal: false, serialNumber: 0)),
                ])
                // The first thing the server says answers the next request: nothing came before.
                let spec = ISCP1UpstreamSpec(streamID: 1, store: false, resend: false, measurementUUID: UUID(), sourceEdgeUUID: server.edge)
                try await peer.send([.upstreamSpecRequest(ISCP1UpstreamSpecRequest(requestID: 9, specs: [spec]))])
                #expect(try await peer.next() == .upstreamSpecResponse(ISCP1Response(requestID: 9, resultCode: .ok)))
            }
        }
    }
}
