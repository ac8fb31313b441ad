import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@testable import Telemetry

/// A live Hummingbird server on a loopback port with the Telemetry console mounted, over a
/// fresh database: an administrator (`admin`), two people (`alice`, `bob`) each owning one
/// edge, and a measurement of alice's edge whose points are stored in a temporary folder.
///
/// The stored measurement holds `float64:1/speed` at 0, 1, … 9 ms with values 0, 1.5, … 13.5,
/// and `string:2/label` at 0 and 5 ms with the texts `start` and `middle`.
struct TelemetryConsoleTestServer: Sendable {
    /// What a test reads from a response.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let text: String

        /// The body as a JSON object.
        var json: [String: any Sendable] {
            get throws { try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: any Sendable]) }
        }
    }

    let client: any TestClientProtocol
    /// The port the server listens on (on `localhost`).
    let port: Int
    let broker: TelemetryBroker
    let edges: EdgeStore
    let measurements: MeasurementStore
    let data: TelemetryDataStore
    /// alice's edge and bob's.
    let aliceEdge: Edge
    let bobEdge: Edge
    /// The stored measurement of alice's edge.
    let measurement: Telemetry.Measurement

    /// The `float64:1/speed` value at `index` milliseconds.
    static func speed(_ index: Int) -> Double { Double(index) * 1.5 }

    /// Runs `body` against a fresh server.
    static func with(_ body: @escaping @Sendable (TelemetryConsoleTestServer) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { folder in
                try await database.migrate(
                    [AccountsMigrations.all, TelemetryMigrations.all, TelemetryDataMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                try await accounts.createUser(name: "admin", password: "admin password", groups: [Group.administrators, Group.members])
                let alice = try await accounts.createUser(name: "alice", password: "alice password", groups: [Group.members])
                let bob = try await accounts.createUser(name: "bob", password: "bob password", groups: [Group.members])
                let edges = EdgeStore(accounts: accounts)
                let aliceEdge = try await edges.create(name: "alice-truck", ownerUserID: alice.id).edge
                let bobEdge = try await edges.create(name: "bob-truck", ownerUserID: bob.id).edge
                let measurements = MeasurementStore(database: database)
                let measurement = try await measurements.create(
                    edgeUUID: aliceEdge.uuid, name: "morning run", basetime: 1_700_000_000_000_000_000
                )
                let data = TelemetryDataStore(database: database, directory: folder + "/telemetry")
                try await data.append(storedChunk(of: measurement), measurement: try #require(UUID(uuidString: measurement.uuid)))
                let broker = TelemetryBroker()

                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: TelemetryCapability.errorFormats))
                TelemetryConsole(
                    edges: edges, measurements: measurements, data: data, broker: broker,
                    tokenAuthenticators: IntdashAuthenticators.all(
                        server: OAuth2AuthorizationServer(
                            accounts: accounts, signingKey: try JSONWebTokenKey.loadOrCreate(in: folder + "/keys"), issuer: "chancery"
                        ))
                ).add(to: router)
                try await Application(router: router, logger: TestDatabase.logger).test(.live) { client in
                    try await body(
                        TelemetryConsoleTestServer(
                            client: client, port: try #require(client.port), broker: broker, edges: edges, measurements: measurements,
                            data: data, aliceEdge: aliceEdge, bobEdge: bobEdge, measurement: measurement
                        ))
                }
                await data.close()
            }
        }
    }

    /// The chunk stored for `measurement` (see the type's documentation).
    private static func storedChunk(of measurement: Telemetry.Measurement) -> TelemetryChunk {
        let speed = (0..<10).map { TelemetryDataPoint(elapsedTime: Int64($0) * 1_000_000, payload: float64Payload(Self.speed($0))) }
        let labels = [(0, "start"), (5, "middle")].map { TelemetryDataPoint(elapsedTime: Int64($0.0) * 1_000_000, payload: Array($0.1.utf8)) }
        return TelemetryChunk(
            upstream: TelemetryUpstream(streamID: UUID(), sessionID: measurement.uuid, sourceNodeID: measurement.edgeUUID),
            sequenceNumber: 1,
            groups: [
                TelemetryDataPointGroup(dataID: TelemetryDataID(name: "1/speed", type: "float64"), dataPoints: speed),
                TelemetryDataPointGroup(dataID: TelemetryDataID(name: "2/label", type: "string"), dataPoints: labels),
            ]
        )
    }

    /// `value`'s eight big-endian bytes, as a `float64` payload.
    static func float64Payload(_ value: Double) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (56 - 8 * UInt64($0))) }
    }

    /// HTTP Basic headers of `user`, whose password is `<user> password`.
    static func basic(_ user: String) -> HTTPFields {
        [.authorization: "Basic " + Data("\(user):\(user) password".utf8).base64EncodedString()]
    }

    /// `GET path` as `user` (no credentials when `nil`).
    func get(_ path: String, as user: String?) async throws -> Answer {
        try await client.execute(uri: path, method: .get, headers: user.map(Self.basic) ?? [:]) { response in
            Answer(status: response.status, headers: response.headers, text: String(buffer: response.body))
        }
    }
}
