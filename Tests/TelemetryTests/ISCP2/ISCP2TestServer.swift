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
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            _ = try await accounts.bootstrapAdministrator(password: "administrator password")
            try await accounts.createUser(name: "alice", password: "alice's password")
            try await accounts.createGroup("edges")
            let edgeNodeID = UUID().uuidString.lowercased()
            try await accounts.createUser(name: edgeNodeID, password: "edge password 1234", groups: ["edges"])
            let administratorToken = try await accounts.createAPIKey(userName: AccountStore.administratorName, label: "iscp").secret
            let aliceToken = try await accounts.createAPIKey(userName: "alice", label: "iscp").secret
            let edgeToken = try await accounts.createAPIKey(userName: edgeNodeID, label: "iscp").secret

            let broker = TelemetryBroker()
            let webSocketRouter = Router(context: TelemetryWebSocketContext.self)
            ISCP2Endpoint(broker: broker, access: access(accounts), recorder: recorder, limits: limits, logger: TestDatabase.logger)
                .add(to: webSocketRouter)
            try await LoopbackWebSocketServer.run(webSocketRouter, logger: TestDatabase.logger) { port in
                let server = ISCP2TestServer(
                    port: port, broker: broker, administratorToken: administratorToken,
                    aliceToken: aliceToken, edgeNodeID: edgeNodeID, edgeToken: edgeToken
                )
                try await body(server)
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
