import Foundation
import ISCP
import Testing

@testable import Telemetry

/// MeasurementIDRequest creates a measurement of the edge through the recorder.
@Suite struct ISCP1MeasurementIDTests {
    /// Asks for a measurement of `edge` and returns the response.
    private func requestMeasurement(_ peer: ISCP1TestPeer, edge: UUID, requestID: UInt8) async throws -> ISCP1MeasurementIDResponse {
        try await peer.send([.measurementIDRequest(ISCP1MeasurementIDRequest(requestID: requestID, edgeUUID: edge))])
        return try await peer.next { element in
            if case .measurementIDResponse(let response) = element { response } else { nil }
        }
    }

    @Test func theEdgeGetsANewMeasurementOfItsOwn() async throws {
        try await ISCP1TestServer.with { server in
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                let first = try await requestMeasurement(peer, edge: server.edge, requestID: 7)
                let second = try await requestMeasurement(peer, edge: server.edge, requestID: 8)
                #expect(first.requestID == 7 && second.requestID == 8)
                #expect(first.resultCode == .ok && second.resultCode == .ok)
                #expect(first.measurementUUID != second.measurementUUID)
                let measurements = try #require(server.measurements)
                let created = try await measurements.measurement(uuid: first.measurementUUID.uuidString.lowercased())
                #expect(created.edgeUUID == server.edgeNodeID)
            }
        }
    }

    @Test func aMeasurementOfAnotherEdgeOrWithoutARecorderIsRefused() async throws {
        try await ISCP1TestServer.with { server in
            try await ISCP1TestPeer.connect(to: server, token: server.aliceToken) { peer in
                let response = try await requestMeasurement(peer, edge: server.edge, requestID: 1)
                #expect(response.resultCode == .ng)
                #expect(response.measurementUUID == ISCP1TestPeer.nullUUID)
            }
        }
        try await ISCP1TestServer.with(storing: false) { server in
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                let response = try await requestMeasurement(peer, edge: server.edge, requestID: 2)
                #expect(response.requestID == 2)
                #expect(response.resultCode == .ng)
            }
        }
    }
}
