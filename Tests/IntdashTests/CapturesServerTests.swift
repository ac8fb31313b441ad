import Foundation
import Intdash
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `CapturesAPI` against a real server: captures made through the REST API are listed with
/// their times in the SDK's units and paged.
@Suite(.serialized) struct CapturesServerTests {
    @Test func theSDKListsTheCapturesThatStartInItsRange() async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "truck-7")
            for (name, start) in [("early", "2020-01-01T00:00:00.250000Z"), ("late", "2020-01-01T00:01:00Z"), ("outside", "2021-01-01T00:00:00Z")] {
                try await Self.createCapture(
                    on: server, body: ["edge_uuid": edge.uuid, "name": name, "start": start, "duration": 2_500_000, "shared": true])
            }
            let captures = server.client().captures
            let newYear2020 = Date(timeIntervalSince1970: 1_577_836_800)
            let all = try await captures.list(start: newYear2020.timeIntervalSince1970, end: newYear2020.timeIntervalSince1970 + 3600)
            #expect(all.items.map(\.name) == ["late", "early"])
            let early = try #require(all.items.last)
            #expect(early.edgeUuid == edge.uuid && early.duration == 2.5 && early.shared)
            #expect(early.start == newYear2020.addingTimeInterval(0.25))
            #expect(early.createdAt != nil && early.updatedAt != nil && !early.uuid.isEmpty)
            #expect(all.page?.totalCount == 2 && all.page?.first == true && all.page?.last == true)

            let second = try await captures.list(
                start: newYear2020.timeIntervalSince1970, end: newYear2020.timeIntervalSince1970 + 3600, limit: 1, page: 2)
            #expect(second.items.map(\.name) == ["early"])
            #expect(second.page?.last == true && second.page?.previous?.contains("page=1") == true)
        }
    }

    /// `POST /intdash/api/v1/captures` with the administrator's API key.
    private static func createCapture(on server: IntdashServer, body: [String: Any]) async throws {
        var request = URLRequest(url: URL(string: server.serverURL + "/api/v1/captures")!)
        request.httpMethod = "POST"
        request.setValue(server.apiKey, forHTTPHeaderField: "X-Intdash-Token")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
    }
}
