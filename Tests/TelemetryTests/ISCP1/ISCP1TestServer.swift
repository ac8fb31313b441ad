import Accounts
import ChanceryTestSupport
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Storage
import Testing

@testable import Telemetry

/// A live Hummingbird server on a loopback port with the iSCP 1.0 endpoint mounted, over a
/// fresh database whose accounts hold the administrator, a member (alice) and an edge user
/// (named by its UUID), each with an API key, and the capability's recorder: the measurement
/// catalog and the data store in a temporary folder.
struct ISCP1TestServer: Sendable {
    /// The port the server listens on (on `localhost`).
    let port: Int
    /// The broker behind the endpoint.
    let broker: TelemetryBroker
    /// The measurements the endpoint's recorder writes, when the server stores.
    let measurements: MeasurementStore?
    /// The points the endpoint's recorder writes, when the server stores.
    let data: TelemetryDataStore?
    /// The directory of the data store.
    let dataDirectory: String
    /// The administrator's API key: it may act as and watch any edge.
    let administratorToken: String
    /// alice's API key: she may act as and watch only the node named by her user id.
    let aliceToken: String
    /// The edge: its user's name.
    let edge: UUID
    /// The edge's API key.
    let edgeToken: String

    /// The edge's node id, its lowercase UUID.
    var edgeNodeID: String { edge.uuidString.lowercased() }

    /// The stored points of `measurement`, in time order.
    func storedPoints(of measurement: UUID) async throws -> [TelemetryStoredDataPoint] {
        var points: [TelemetryStoredDataPoint] = []
        for try await point in try #require(data).points(measurement: measurement) { points.append(point) }
        return points
    }

    /// The WebSocket URL of the endpoint.
    var url: String { "ws://localhost:\(port)\(ISCP1Endpoint.path)" }

    /// Runs `body` against a fresh server, which stores unless `storing` is `false`, and whose
    /// connections that end write what they queued for at most `writerGracePeriod`.
    static func with(
        storing: Bool = true, writerGracePeriod: Duration = .seconds(5), _ body: @escaping @Sendable (ISCP1TestServer) async throws -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { folder in
                try await database.migrate(
                    [AccountsMigrations.all, TelemetryMigrations.all, TelemetryDataMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                _ = try await accounts.bootstrapAdministrator(password: "administrator password")
                try await accounts.createUser(name: "alice", password: "alice's password")
                try await accounts.createGroup("edges")
                let edge = UUID()
                try await accounts.createUser(name: edge.uuidString.lowercased(), password: "edge password 1234", groups: ["edges"])
                let administratorToken = try await accounts.createAPIKey(userName: AccountStore.administratorName, label: "iscp1").secret
                let aliceToken = try await accounts.createAPIKey(userName: "alice", label: "iscp1").secret
                let edgeToken = try await accounts.createAPIKey(userName: edge.uuidString.lowercased(), label: "iscp1").secret

                let broker = TelemetryBroker()
                let measurements = MeasurementStore(database: database)
                let dataDirectory = folder + "/telemetry"
                let data = TelemetryDataStore(database: database, directory: dataDirectory)
                let recorder = storing ? TelemetryRecorder(measurements: measurements, data: data) : nil
                let webSocketRouter = Router(context: TelemetryWebSocketContext.self)
                ISCP1Endpoint(
                    broker: broker, access: access(accounts), recorder: recorder, writerGracePeriod: writerGracePeriod, logger: TestDatabase.logger
                )
                .add(to: webSocketRouter)
                try await LoopbackWebSocketServer.run(webSocketRouter, logger: TestDatabase.logger) { port in
                    let server = ISCP1TestServer(
                        port: port, broker: broker,
                        measurements: storing ? measurements : nil, data: storing ? data : nil, dataDirectory: dataDirectory,
                        administratorToken: administratorToken, aliceToken: aliceToken, edge: edge, edgeToken: edgeToken
                    )
                    try await body(server)
                }
                await data.close()
            }
        }
    }

    /// The capability's rules: administrators act as and watch any node, anyone else only
    /// the node named by their user name or id.
    private static func access(_ accounts: AccountStore) -> TelemetryAccess {
        let isSelfOrAdministrator: @Sendable (Principal, String) async throws -> Bool = { principal, nodeID in
            principal.isAdministrator || principal.userName == nodeID || principal.userID == nodeID
        }
        return TelemetryAccess(
            principal: { token in try await accounts.authenticate(apiKey: token) },
            mayActAsNode: isSelfOrAdministrator,
            mayWatchNode: isSelfOrAdministrator
        )
    }
}
