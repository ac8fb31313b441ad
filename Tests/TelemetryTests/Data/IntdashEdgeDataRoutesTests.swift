import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import Telemetry

/// 2021-01-01T00:00:00Z in nanoseconds.
private let t0: Int64 = 1_609_459_200_000_000_000
/// A second in nanoseconds.
private let oneSecond: Int64 = 1_000_000_000

/// `GET /v1/data` with `name` an edge's UUID or name, over the real catalog, data store and
/// routes as the capability mounts them.
@Suite struct IntdashEdgeDataRoutesTests {
    /// The routes over a fresh ``RecordingFixture``, with `alice` (who owns the edge `truck`)
    /// and `bob` (who owns `van`), and measurements recorded for them:
    /// - `early`, truck, based at t0, `1/speed` at 0, 2 and 4 s;
    /// - `shifted`, truck, based at t0 + 1 s, `1/speed` at 0 and 2 s and `2/rpm` at 1 s;
    /// - `late`, truck, based at t0 + 100 s, `1/speed` at 0 s;
    /// - `vans`, van, based at t0, `1/speed` at 1 s.
    struct App {
        let client: any TestClientProtocol
        let fixture: RecordingFixture
        let alice: HTTPFields
        let bob: HTTPFields
        let truckToken: HTTPFields
        let truck: Edge
        let early: String
        let shifted: String
        let late: String
        let vans: String

        static func with(_ body: @escaping @Sendable (App) async throws -> Void) async throws {
            try await RecordingFixture.with { fixture in
                let edges = EdgeStore(accounts: fixture.accounts)
                var tokens: [HTTPFields] = []
                var users: [String: String] = [:]
                for name in ["alice", "bob"] {
                    users[name] = try await fixture.accounts.createUser(name: name, password: "\(name) password", groups: [Group.members]).id
                    tokens.append([HTTPField.Name("X-Intdash-Token")!: try await fixture.accounts.createAPIKey(userName: name, label: "test").secret])
                }
                let truck = try await edges.create(name: "truck", ownerUserID: users["alice"]).edge
                let van = try await edges.create(name: "van", ownerUserID: users["bob"]).edge
                let (alice, bob) = (tokens[0], tokens[1])
                let truckToken: HTTPFields = [
                    HTTPField.Name("X-Edge-Token")!: try await fixture.accounts.createAPIKey(userName: truck.uuid, label: "test").secret
                ]
                let speed = TelemetryDataID(name: "1/speed", type: "float64")
                let rpm = TelemetryDataID(name: "2/rpm", type: "int64")
                func record(_ edge: Edge, baseTime: Int64, _ points: [(TelemetryDataID, Int64)]) async throws -> String {
                    let measurement = try await fixture.measurements.create(edgeUUID: edge.uuid, basetime: baseTime)
                    let stream = UUID()
                    let uuid = try #require(UUID(uuidString: measurement.uuid))
                    for (sequence, (dataID, seconds)) in points.enumerated() {
                        try await fixture.recorder.record(
                            testChunk(stream: stream, UInt32(sequence), measurement: uuid, dataID: dataID, times: [seconds * oneSecond]))
                    }
                    return measurement.uuid
                }
                let early = try await record(truck, baseTime: t0, [(speed, 0), (speed, 2), (speed, 4)])
                let shifted = try await record(truck, baseTime: t0 + oneSecond, [(speed, 0), (rpm, 1), (speed, 2)])
                let late = try await record(truck, baseTime: t0 + 100 * oneSecond, [(speed, 0)])
                let vans = try await record(van, baseTime: t0, [(speed, 1)])

                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: TelemetryCapability.errorFormats))
                let api = router.group("intdash/api")
                    .add(middleware: AuthenticationMiddleware(accounts: fixture.accounts, authenticators: IntdashRESTRoutes.defaultAuthenticators))
                IntdashDataRoutes(
                    store: fixture.data, measurements: CatalogMeasurementDirectory(edges: edges, measurements: fixture.measurements),
                    signals: SignalStore(database: fixture.database)
                ).add(to: api)
                try await Application(router: router).test(.router) { client in
                    try await body(
                        App(
                            client: client, fixture: fixture, alice: alice, bob: bob, truckToken: truckToken, truck: truck,
                            early: early, shifted: shifted, late: late, vans: vans
                        ))
                }
            }
        }

        /// `GET /v1/data?name=…` from `start` to 10 s after t0 with `query`: the status and the
        /// points as (whole seconds after t0, measurement).
        func points(
            _ name: String, _ query: String = "", start: String = "2021-01-01T00:00:00Z", as headers: HTTPFields
        ) async throws -> (HTTPResponse.Status, [(Int64, String)]) {
            let window = "&start=\(start)&end=2021-01-01T00:00:10Z&time_format=ns"
            return try await client.execute(uri: "/intdash/api/v1/data?name=\(name)" + window + query, method: .get, headers: headers) { response in
                let items = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [[String: Any]] ?? []
                let points = items.map { item -> (Int64, String) in
                    let time = (item["time"] as? Int).map(Int64.init) ?? -1
                    return ((time - t0) / oneSecond, item["measurement_uuid"] as? String ?? "")
                }
                return (response.status, points)
            }
        }
    }

    @Test func anEdgesMeasurementsAreMergedInTimeOrderByNameOrUUID() async throws {
        try await App.with { app in
            let merged: [(Int64, String)] = [(0, app.early), (1, app.shifted), (2, app.early), (2, app.shifted), (3, app.shifted), (4, app.early)]
            for name in ["truck", app.truck.uuid, app.truck.uuid.uppercased()] {
                let (status, points) = try await app.points(name, as: app.alice)
                #expect(status == .ok)
                #expect(points.map(\.0) == merged.map(\.0), "\(name)")
                #expect(points.map(\.1) == merged.map(\.1), "\(name)")
            }
            let (_, descending) = try await app.points("truck", "&order=desc", as: app.alice)
            #expect(descending.map(\.0) == [4, 3, 2, 2, 1, 0])
            #expect(try await app.points("truck", "&limit=3", as: app.alice).1.map(\.0) == [0, 1, 2])
            #expect(try await app.points("truck", "&idq=12:2/rpm", as: app.alice).1.map(\.1) == [app.shifted])
            #expect(try await app.points("truck", start: "2021-01-01T00:00:02.5Z", as: app.alice).1.map(\.0) == [3, 4])
            // The edge itself reads its measurements; a measurement UUID still names one.
            #expect(try await app.points("truck", as: app.truckToken).1.count == 6)
            #expect(try await app.points(app.shifted, as: app.alice).1.map(\.0) == [1, 2, 3])
        }
    }

    @Test func anEdgeTheCallerMayNotSeeIsUnknown() async throws {
        try await App.with { app in
            let refusals = [
                try await app.points("truck", as: app.bob).0, try await app.points(app.truck.uuid, as: app.bob).0,
                try await app.points("lorry", as: app.alice).0, try await app.points("van", as: app.truckToken).0,
            ]
            #expect(refusals == [.notFound, .notFound, .notFound, .notFound])
            #expect(try await app.points("van", as: app.bob).1.map(\.1) == [app.vans])
        }
    }

    @Test func onlyMeasurementsWhoseSpansReachTheRangeAreOpened() async throws {
        try await App.with { app in
            let measurements = app.fixture.measurements
            let scope = CatalogScope.everything
            func uuids(_ start: Int64, _ end: Int64) async throws -> [String] {
                try await measurements.measurements(
                    ofEdge: app.truck.uuid, overlapping: (t0 + start * oneSecond)..<(t0 + end * oneSecond), scope: scope
                ).map(\.uuid)
            }
            #expect(try await uuids(0, 10) == [app.early, app.shifted])
            // early ends at 4 s, shifted at 1 + 2 = 3 s: a range from 4 s reaches only early.
            #expect(try await uuids(4, 10) == [app.early])
            #expect(try await uuids(5, 100) == [])
            #expect(try await uuids(5, 101) == [app.late])
            #expect(try await uuids(-10, 0) == [])
            #expect(try await measurements.measurements(ofEdge: app.truck.uuid, overlapping: Int64.min..<Int64.max, scope: scope).count == 3)
            let bob = try await app.fixture.accounts.authenticate(
                apiKey: try await app.fixture.accounts.createAPIKey(userName: "bob", label: "x").secret)
            #expect(
                try await measurements.measurements(
                    ofEdge: app.truck.uuid, overlapping: Int64.min..<Int64.max, scope: CatalogScope(try #require(bob))
                ).isEmpty)
        }
    }
}
