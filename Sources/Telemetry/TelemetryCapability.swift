import Accounts
import HTTPSupport
import Hummingbird
import HummingbirdWebSocket
import Logging
import Storage

/// The Telemetry capability as the server assembles it: the intdash-compatible REST API and the
/// iSCP 1.0 and iSCP v2 WebSocket endpoints under `/intdash/api`, around one broker.
///
/// ```swift
/// let telemetry = try await TelemetryCapability.open(database: database, accounts: accounts, logger: logger)
/// telemetry.addRoutes(to: router)
/// telemetry.addWebSocketRoutes(to: webSocketRouter)
/// ```
public struct TelemetryCapability: Sendable {
    /// Routes data between the connected nodes.
    public let broker: TelemetryBroker
    /// The identity checks of the realtime endpoints.
    let access: TelemetryAccess
    /// Where persisted data goes; `nil` until the catalog and the chunk store are wired.
    let recorder: (any TelemetryRecording)?
    private let logger: Logger

    /// The error formats of the Telemetry capability's APIs, for ``HTTPSupport/ErrorMiddleware``.
    public static let errorFormats: [(prefix: String, format: any ErrorFormat)] = [("/intdash", IntdashErrorFormat())]

    /// The WebSocket settings both realtime protocols need: frames up to 16 MiB (an iSCP chunk
    /// or a batch of iSCP 1.0 elements can be large; the codecs enforce their own limits).
    public static let webSocketConfiguration = WebSocketServerConfiguration(maxFrameSize: 16 << 20)

    /// Opens the capability on the platform's database and accounts.
    public static func open(database: Database, accounts: AccountStore, logger: Logger) async throws -> TelemetryCapability {
        let access = TelemetryAccess(
            principal: { token in
                if let principal = try await accounts.authenticate(apiKey: token) { return principal }
                return try await accounts.authenticate(accessToken: token)
            },
            mayActAsNode: { principal, nodeID in
                principal.isAdministrator || principal.userName == nodeID || principal.userID == nodeID
            },
            mayWatchNode: { principal, nodeID in
                principal.isAdministrator || principal.userName == nodeID || principal.userID == nodeID
            }
        )
        return TelemetryCapability(broker: TelemetryBroker(), access: access, recorder: nil, logger: logger)
    }

    /// Adds every Telemetry HTTP route to `router`.
    public func addRoutes(to router: Router<ChanceryRequestContext>) {}

    /// Adds the realtime WebSocket endpoints to the router that decides WebSocket upgrades.
    public func addWebSocketRoutes(to router: Router<BasicWebSocketRequestContext>) {}
}
