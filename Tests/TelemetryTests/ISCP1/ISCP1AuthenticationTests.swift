import Foundation
import HTTPTypes
import HummingbirdWSClient
import ISCP
import Testing

@testable import Telemetry

/// The upgrade to `/intdash/api/v1/ws/measurements` is authenticated as intdash-py does it.
@Suite struct ISCP1AuthenticationTests {
    @Test func anUpgradeWithoutAValidTokenIsRefused() async throws {
        try await ISCP1TestServer.with { server in
            let refusedHeaders: [HTTPFields] = [
                [:],
                [HTTPField.Name("X-Edge-Token")!: "not a token"],
                [.authorization: "Bearer not-a-token"],
                [.authorization: "Basic \(Data("Administrator:administrator password".utf8).base64EncodedString())"],
            ]
            for headers in refusedHeaders {
                await #expect(throws: WebSocketClientError.webSocketUpgradeFailed, "\(headers)") {
                    try await ISCP1TestPeer.connect(server.url, headers: headers) { _ in
                        Issue.record("the upgrade succeeded with \(headers)")
                    }
                }
            }
        }
    }

    @Test func anEdgeTokenOrABearerTokenOpensTheConnection() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            let acceptedHeaders: [HTTPFields] = [
                [HTTPField.Name("X-Edge-Token")!: server.edgeToken],
                [.authorization: "Bearer \(server.edgeToken)"],
                [.authorization: "bearer \(server.edgeToken)"],
            ]
            for headers in acceptedHeaders {
                try await ISCP1TestPeer.connect(server.url, headers: headers) { peer in
                    // The connection works: an upstream of the token's own edge opens.
                    let result = try await peer.openUpstream(1, store: false, measurement: UUID(), edge: server.edge)
                    #expect(result == .ok)
                }
            }
        }
    }

    @Test func theTokenIsReadFromEitherHeader() {
        #expect(ISCP1Endpoint.token(in: [HTTPField.Name("X-Edge-Token")!: "edge"]) == "edge")
        #expect(ISCP1Endpoint.token(in: [.authorization: "Bearer  access "]) == "access")
        #expect(ISCP1Endpoint.token(in: [HTTPField.Name("X-Edge-Token")!: "edge", .authorization: "Bearer access"]) == "edge")
        #expect(ISCP1Endpoint.token(in: [.authorization: "Bearer"]) == nil)
        #expect(ISCP1Endpoint.token(in: [.authorization: "Token abc"]) == nil)
        #expect(ISCP1Endpoint.token(in: [:]) == nil)
    }
}
