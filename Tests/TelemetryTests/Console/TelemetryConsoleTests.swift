import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import Telemetry

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Telemetry console's pages and endpoints against a live server: who sees which edges and
/// measurements, what the replay's JSON and the live event stream carry, and the headers that
/// keep the pages under their content security policy.
@Suite("Telemetry console")
struct TelemetryConsoleTests {
    @Test("Without credentials the console asks for a password; its assets need none")
    func signInRequired() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let answer = try await server.get("/telemetry", as: nil)
            #expect(answer.status == .unauthorized)
            #expect(answer.headers[values: .wwwAuthenticate].contains { $0.hasPrefix("Basic realm=\"Chancery Telemetry\"") })
            #expect(answer.text.contains("Sign-in required"))
            let wrong = try await server.client.execute(
                uri: "/telemetry", method: .get, headers: [.authorization: "Basic " + Data("alice:nope".utf8).base64EncodedString()]
            ) { $0.status }
            #expect(wrong == .unauthorized)
            let script = try await server.get(TelemetryConsoleLink.script, as: nil)
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("EventSource"))
            let style = try await server.get(TelemetryConsoleLink.stylesheet, as: nil)
            #expect(style.status == .ok && style.headers[.contentType] == "text/css; charset=utf-8")
        }
    }

    @Test("The overview lists a person's own edges and measurements only; an administrator sees all")
    func overviewFollowsTheCatalogScope() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let alice = try await server.get("/telemetry", as: "alice")
            #expect(alice.status == .ok)
            #expect(alice.headers[.contentSecurityPolicy] == TelemetryConsoleResponse.contentSecurityPolicy)
            #expect(alice.headers[.cacheControl] == "no-store")
            #expect(alice.text.contains("alice-truck") && alice.text.contains(server.aliceEdge.uuid))
            #expect(!alice.text.contains("bob-truck") && !alice.text.contains(server.bobEdge.uuid))
            #expect(alice.text.contains("morning run") && alice.text.contains(server.measurement.uuid))
            #expect(!alice.text.contains("<script>") && !alice.text.contains(" style="))

            let bob = try await server.get("/telemetry", as: "bob")
            #expect(bob.text.contains("bob-truck") && !bob.text.contains("alice-truck") && !bob.text.contains("morning run"))

            let admin = try await server.get("/telemetry", as: "admin")
            #expect(admin.text.contains("alice-truck") && admin.text.contains("bob-truck") && admin.text.contains("morning run"))
        }
    }

    @Test("The measurement list pages and filters by edge, within what the person may see")
    func measurementList() async throws {
        try await TelemetryConsoleTestServer.with { server in
            for index in 0..<(TelemetryConsole.measurementsPerPage + 5) {
                try await server.measurements.create(edgeUUID: server.bobEdge.uuid, name: "bob run \(index)")
            }
            let first = try await server.get("/telemetry/measurements", as: "bob")
            #expect(first.text.contains("Page 1 of 2 · 55 measurements"))
            #expect(first.text.contains("rel=\"next\" href=\"/telemetry/measurements?page=2\""))
            let second = try await server.get("/telemetry/measurements?page=2", as: "bob")
            #expect(second.text.contains("Page 2 of 2"))
            #expect(second.text.components(separatedBy: "<tr data-uuid=").count - 1 == 5)

            let admin = try await server.get("/telemetry/measurements?edge=\(server.aliceEdge.uuid)", as: "admin")
            #expect(admin.text.contains("morning run") && !admin.text.contains("bob run"))
            #expect(admin.text.contains("Page 1 of 1 · 1 measurement<"))

            let bobOnAlice = try await server.get("/telemetry/measurements?edge=\(server.aliceEdge.uuid)", as: "bob")
            #expect(bobOnAlice.status == .ok && !bobOnAlice.text.contains("morning run"))
            #expect(bobOnAlice.text.contains("There are no measurements."))

            let bad = try await server.get("/telemetry/measurements?page=0", as: "bob")
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("must be a whole number from 1 to 100000."))
        }
    }

    @Test("A measurement's page shows its facts and data ids to its owner; another person gets 404")
    func measurementPage() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let path = TelemetryConsoleLink.measurement(server.measurement.uuid)
            let alice = try await server.get(path, as: "alice")
            #expect(alice.status == .ok)
            #expect(alice.text.contains("<h1>morning run</h1>"))
            #expect(alice.text.contains("2023-11-14 22:13:20 UTC"))
            #expect(alice.text.contains("value=\"float64:1/speed\"") && alice.text.contains("value=\"string:2/label\""))
            #expect(alice.text.contains("data-points-url=\"\(TelemetryConsoleLink.points(of: server.measurement.uuid))\""))
            #expect(alice.text.contains("id=\"live-link\""))

            let bob = try await server.get(path, as: "bob")
            #expect(bob.status == .notFound)
            #expect(bob.text.contains("Not found") && !bob.text.contains("morning run"))
            #expect(try await server.get("/telemetry/measurements/not-a-uuid", as: "alice").status == .notFound)
            #expect(try await server.get("/telemetry/measurements/\(UUID())", as: "admin").status == .notFound)
            #expect(try await server.get("/telemetry/elsewhere", as: "alice").status == .notFound)
        }
    }

    @Test("The points endpoint streams the chosen data ids with their numbers, bounded by its limit")
    func replayPoints() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let path = TelemetryConsoleLink.points(of: server.measurement.uuid)
            let both = try await server.get(path + "?data=float64:1/speed&data=string:2/label", as: "alice")
            #expect(both.status == .ok && both.headers[.contentType] == "application/json")
            let json = try both.json
            #expect(json["measurement"] as? String == server.measurement.uuid)
            #expect(json["truncated"] as? Bool == false)
            let points = try #require(json["points"] as? [[Any]])
            #expect(points.count == 12)
            let speeds = points.filter { $0[0] as? String == "float64:1/speed" }
            #expect(speeds.map { ($0[1] as? NSNumber)?.int64Value } == (0..<10).map { Int64($0) * 1_000_000 })
            #expect(speeds.map { ($0[2] as? NSNumber)?.doubleValue } == (0..<10).map(TelemetryConsoleTestServer.speed))
            let labels = points.filter { $0[0] as? String == "string:2/label" }
            #expect(labels.count == 2 && labels.allSatisfy { $0[2] is NSNull })
            let times = points.compactMap { ($0[1] as? NSNumber)?.int64Value }
            #expect(times == times.sorted())

            let limited = try await server.get(path + "?data=float64:1/speed&limit=3", as: "alice").json
            #expect((limited["points"] as? [Any])?.count == 3 && limited["truncated"] as? Bool == true)

            #expect(try await server.get(path + "?data=float64:1/speed", as: "bob").status == .notFound)
            #expect(try await server.get(path + "?data=speed", as: "alice").status == .badRequest)
            #expect(try await server.get(path + "?data=float64:1/speed&limit=0", as: "alice").status == .badRequest)
        }
    }

    @Test("The points endpoint keeps to the elapsed times from 'from' up to 'to', in seconds")
    func replayTimeRange() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let path = TelemetryConsoleLink.points(of: server.measurement.uuid) + "?data=float64:1/speed"
            func times(_ query: String) async throws -> [Int64] {
                let points = try #require(try await server.get(path + query, as: "alice").json["points"] as? [[Any]])
                return points.compactMap { ($0[1] as? NSNumber)?.int64Value }
            }
            #expect(try await times("&from=0.002&to=0.005") == [2_000_000, 3_000_000, 4_000_000])
            #expect(try await times("&from=0.0075") == [8_000_000, 9_000_000])
            #expect(try await times("&to=0.001") == [0])
            #expect(try await times("&from=&to=") == (0..<10).map { Int64($0) * 1_000_000 })
            for query in ["&from=-1", "&to=soon", "&from=0.005&to=0.005", "&from=0.005&to=0.002", "&to=nan", "&from=1e300"] {
                let answer = try await server.get(path + query, as: "alice")
                #expect(answer.status == .badRequest, "\(query)")
            }
        }
    }

    @Test("The live event stream carries what the owner's edge sends, of the chosen data ids only")
    func liveEvents() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let edge = server.aliceEdge.uuid
            let path = TelemetryConsoleLink.liveEvents(
                edge: edge, measurement: nil, filters: [TelemetryDataFilter(name: "1/#", type: "float64")]
            )
            let credentials = "Basic " + Data("alice:alice password".utf8).base64EncodedString()
            let reader = ServerSentEventReader(
                url: try #require(URL(string: "http://localhost:\(server.port)\(path)")), headers: ["Authorization": credentials])
            defer { reader.close() }
            var heads = reader.head.makeAsyncIterator()
            let head = try #require(await heads.next())
            #expect(head.statusCode == 200)
            #expect(head.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
            #expect(await server.broker.waitUntilSubscriptionCount { $0 > 0 })
            #expect(await server.broker.subscriptionCount == 1)

            let session = UUID().uuidString.lowercased()
            let upstream = TelemetryUpstream(streamID: UUID(), sessionID: session, sourceNodeID: edge)
            let other = TelemetryUpstream(streamID: UUID(), sessionID: session, sourceNodeID: server.bobEdge.uuid)
            await server.broker.publish(
                TelemetryChunk(
                    upstream: other, sequenceNumber: 1,
                    groups: [
                        TelemetryDataPointGroup(
                            dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                            dataPoints: [
                                TelemetryDataPoint(elapsedTime: 1, payload: TelemetryConsoleTestServer.float64Payload(99))
                            ])
                    ]))
            await server.broker.publish(
                TelemetryChunk(
                    upstream: upstream, sequenceNumber: 1,
                    groups: [
                        TelemetryDataPointGroup(
                            dataID: TelemetryDataID(name: "2/label", type: "string"),
                            dataPoints: [
                                TelemetryDataPoint(elapsedTime: 5, payload: Array("ignored".utf8))
                            ]),
                        TelemetryDataPointGroup(
                            dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                            dataPoints: [
                                TelemetryDataPoint(elapsedTime: 2_000_000, payload: TelemetryConsoleTestServer.float64Payload(4.25)),
                                TelemetryDataPoint(elapsedTime: 3_000_000, payload: [1, 2, 3]),
                            ]),
                    ]))
            var events = reader.events.makeAsyncIterator()
            let event = try #require(await events.next())
            #expect(event.name == "points")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
            #expect(json["measurement"] as? String == session)
            let points = try #require(json["points"] as? [[Any]])
            #expect(points.count == 2)
            #expect(points.map { $0[0] as? String } == ["float64:1/speed", "float64:1/speed"])
            #expect((points[0][2] as? NSNumber)?.doubleValue == 4.25)
            #expect(points[1][2] is NSNull)
        }
    }

    @Test("A person may not watch another person's edge or measurement live")
    func liveIsAuthorized() async throws {
        try await TelemetryConsoleTestServer.with { server in
            let bobEdge = TelemetryConsoleLink.liveEvents(edge: server.bobEdge.uuid, measurement: nil, filters: [.all])
            #expect(try await server.get(bobEdge, as: "alice").status == .notFound)
            let aliceMeasurement = TelemetryConsoleLink.liveEvents(
                edge: server.aliceEdge.uuid, measurement: server.measurement.uuid, filters: [.all]
            )
            #expect(
                try await server.get(aliceMeasurement.replacingOccurrences(of: "edge=\(server.aliceEdge.uuid)&", with: ""), as: "bob").status
                    == .notFound)
            #expect(try await server.get(TelemetryConsoleLink.liveEvents, as: "alice").status == .badRequest)
            #expect(try await server.get(TelemetryConsoleLink.live(edge: server.bobEdge.uuid), as: "alice").status == .notFound)
            #expect(await server.broker.subscriptionCount == 0)

            let page = try await server.get(TelemetryConsoleLink.live(measurement: server.measurement.uuid), as: "alice")
            #expect(page.status == .ok)
            #expect(
                page.text.contains("data-live-url=\"/telemetry/live/events?edge=\(server.aliceEdge.uuid)&amp;measurement=\(server.measurement.uuid)"))
            #expect(page.text.contains("<option value=\"\(server.aliceEdge.uuid)\" selected>alice-truck</option>"))
            #expect(!page.text.contains("bob-truck"))
        }
    }
}
