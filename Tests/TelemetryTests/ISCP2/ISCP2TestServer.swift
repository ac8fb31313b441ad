import Accounts
import ChanceryTestSupport
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Storage
import Testing

@testable import Telemetry

/// A live Hummingbird server on a loopback port with the iSCP v2 endpoint mounted, over a
/// fresh database whose accounts hold the administrator, a member (alice) and an edge user
/// (named by its UUID), each with an API key to use as the iSCP access token.
struct ISCP2TestServer: Sendable {
    /// The port the server listens on (on `localhost`).
    let port: Int
    /// The broker behind the endpoint.
    let broker: TelemetryBroker
    /// The endpoint's upstreams, attached and waiting to be resumed.
    let upstreams: ISCP2ResumeRegistry<ISCP2UpstreamState>
    /// The endpoint's downstreams, attached and waiting to be resumed.
    let downstreams: ISCP2ResumeRegistry<ISCP2DownstreamState>
    /// The administrator's API key: it may act as and watch any node.
    let administratorToken: String
    /// alice's API key: she may act as and watch only the node named by her user id.
    let aliceToken: String
    /// The node id of the edge: its user's name, a lowercase UUID.
    let edgeNodeID: String
    /// The edge's API key.
    let edgeToken: String

    /// The WebSocket URL of the endpoint, with `query` appended.
    func url(query: String = "enc=proto") -> String {
        "ws://localhost:\(port)\(ISCP2Endpoint.path)?\(query)"
    }

    /// Runs `body` against a fresh server.
    static func with(
        limits: ISCP2Limits = ISCP2Limits(),
        recorder: (any TelemetryRecording)? = nil,
        _ body: @escaping @Sendable (ISCP2TestServer) async throws -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
            let seed = try await Seed(database)
            try await seed.serve(recorder: recorder, limits: limits, sharedUpstreams: nil, body)
        }
    }

    /// Runs `body` against two instances of one deployment: two endpoints with brokers of
    /// their own over one database, sharing their iSCP v2 upstreams
    /// (``ISCP2SharedUpstreams``) and storing persisting upstreams in `store`.
    static func pair(
        _ body:
            @escaping @Sendable (_ first: ISCP2TestServer, _ second: ISCP2TestServer, _ store: TelemetryDataStore, _ database: Database) async throws
            -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, TelemetryMigrations.all, TelemetryDataMigrations.all], logger: TestDatabase.logger)
            let seed = try await Seed(database)
            try await TemporaryDirectory.with { directory in
                let store = TelemetryDataStore(database: database, directory: directory)
                let recorder = TestRecording(store: store)
                try await seed.serve(recorder: recorder, limits: ISCP2Limits(), sharedUpstreams: ISCP2SharedUpstreams(database: database)) { first in
                    try await seed.serve(recorder: recorder, limits: ISCP2Limits(), sharedUpstreams: ISCP2SharedUpstreams(database: database)) {
                        second in
                        try await body(first, second, store, database)
                    }
                }
            }
        }
    }

    /// Runs `body` against two instances of one deployment linked through Debian's
    /// `nats-server`: two endpoints whose brokers route to each other and whose waiting
    /// downstreams move to the instance a resume reaches (``ISCP2DownstreamHandoffs``, each
    /// request answered within `handoffTimeout`).
    static func linkedPair(
        handoffTimeout: Duration = .seconds(10),
        _ body: @escaping @Sendable (_ first: ISCP2TestServer, _ second: ISCP2TestServer) async throws -> Void
    ) async throws {
        let natsServer = try await TestNATSServer.start()
        do {
            try await TestDatabase.with { database in
                try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
                let seed = try await Seed(database)
                try await seed.serveLinked(to: natsServer, handoffTimeout: handoffTimeout) { first in
                    try await seed.serveLinked(to: natsServer, handoffTimeout: handoffTimeout) { second in
                        try await body(first, second)
                    }
                }
            }
        } catch {
            await natsServer.stop()
            throw error
        }
        await natsServer.stop()
    }

    /// The accounts every test server has, in a database whose accounts migrations have run.
    private struct Seed: Sendable {
        let accounts: AccountStore
        let administratorToken: String
        let aliceToken: String
        let edgeNodeID: String
        let edgeToken: String

        init(_ database: Database) async throws {
            accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            _ = try await accounts.bootstrapAdministrator(password: "administrator password")
            try await accounts.createUser(name: "alice", password: "alice's password")
            try await accounts.createGroup("edges")
            edgeNodeID = UUID().uuidString.lowercased()
            try await accounts.createUser(name: edgeNodeID, password: "edge password 1234", groups: ["edges"])
            administratorToken = try await accounts.createAPIKey(userName: AccountStore.administratorName, label: "iscp").secret
            aliceToken = try await accounts.createAPIKey(userName: "alice", label: "iscp").secret
            edgeToken = try await accounts.createAPIKey(userName: edgeNodeID, label: "iscp").secret
        }

        /// Runs an endpoint whose broker is linked to the other instances' through
        /// `natsServer` on a loopback port while `body` runs, with its downstream handoffs
        /// answering.
        func serveLinked(
            to natsServer: TestNATSServer, handoffTimeout: Duration, _ body: @escaping @Sendable (ISCP2TestServer) async throws -> Void
        ) async throws {
            let nats = try await NATSClient.connect(
                to: [natsServer.address], name: "iscp2-test", answerTimeout: LoopbackDeadline.answer, logger: TestDatabase.logger)
            let broker = TelemetryBroker(link: TelemetryClusterLink(nats: nats, logger: TestDatabase.logger))
            let handoffs = try ISCP2DownstreamHandoffs(nats: nats, broker: broker, timeout: handoffTimeout, logger: TestDatabase.logger)
            try await nats.flush()
            let answering = Task { try await handoffs.run() }
            do {
                try await serve(recorder: nil, limits: ISCP2Limits(), sharedUpstreams: nil, broker: broker, downstreamHandoffs: handoffs, body)
            } catch {
                answering.cancel()
                await nats.close()
                throw error
            }
            answering.cancel()
            await nats.close()
        }

        /// Runs an endpoint with `broker` (by default one of its own) on a loopback port while
        /// `body` runs.
        func serve(
            recorder: (any TelemetryRecording)?, limits: ISCP2Limits, sharedUpstreams: ISCP2SharedUpstreams?,
            broker: TelemetryBroker = TelemetryBroker(), downstreamHandoffs: ISCP2DownstreamHandoffs? = nil,
            _ body: @escaping @Sendable (ISCP2TestServer) async throws -> Void
        ) async throws {
            let webSocketRouter = Router(context: TelemetryWebSocketContext.self)
            let endpoint = ISCP2Endpoint(
                broker: broker, access: ISCP2TestServer.access(accounts), recorder: recorder, limits: limits,
                sharedUpstreams: sharedUpstreams, downstreamHandoffs: downstreamHandoffs, logger: TestDatabase.logger
            )
            endpoint.add(to: webSocketRouter)
            try await LoopbackWebSocketServer.run(webSocketRouter, logger: TestDatabase.logger) { port in
                try await body(
                    ISCP2TestServer(
                        port: port, broker: broker, upstreams: endpoint.upstreamRegistry, downstreams: endpoint.downstreamRegistry,
                        administratorToken: administratorToken,
                        aliceToken: aliceToken, edgeNodeID: edgeNodeID, edgeToken: edgeToken
                    ))
            }
        }
    }

    /// The same rules as the capability's: administrators act as and watch any node, anyone
    /// else only the node named by their user name or id.
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
