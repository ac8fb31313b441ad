import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import Storage

/// The iSCP 1.0 realtime endpoint, `GET /intdash/api/v1/ws/measurements`: the WebSocket that
/// intdash SDK for Swift 1.x devices and intdash-py 2.1.1 clients stream measurements through.
///
/// The client authenticates the upgrade with `X-Edge-Token: <token>` or
/// `Authorization: Bearer <token>`, where the token is anything ``TelemetryAccess/principal``
/// accepts (an OAuth2 access token, a Chancery access token, an API key). Without a valid one
/// the upgrade is refused before any WebSocket exists; Hummingbird answers a refused upgrade
/// with `400 Bad Request` (its upgrade path cannot send another status). After the upgrade
/// the client sends elements at once, with no handshake (specs/intdash.md §2), and
/// ``ISCP1Connection`` serves them.
///
/// ```swift
/// ISCP1Endpoint(broker: broker, access: access, recorder: recorder, logger: logger).add(to: webSocketRouter)
/// ```
public struct ISCP1Endpoint: Sendable {
    /// The path of the endpoint.
    public static let path = "/intdash/api/v1/ws/measurements"

    private let broker: TelemetryBroker
    private let access: TelemetryAccess
    private let recorder: (any TelemetryRecording)?
    private let logger: Logger
    /// How long a connection that ends may go on writing what it has queued before its socket is
    /// closed, for a client that stopped reading.
    private let writerGracePeriod: Duration

    /// Creates the endpoint around `broker`; without a `recorder`, upstreams that ask to store
    /// and measurement ID requests are refused.
    public init(broker: TelemetryBroker, access: TelemetryAccess, recorder: (any TelemetryRecording)?, logger: Logger) {
        self.init(broker: broker, access: access, recorder: recorder, writerGracePeriod: .seconds(5), logger: logger)
    }

    /// Creates the endpoint with another writer grace period than the default 5 s (tests use a
    /// short one).
    init(broker: TelemetryBroker, access: TelemetryAccess, recorder: (any TelemetryRecording)?, writerGracePeriod: Duration, logger: Logger) {
        self.broker = broker
        self.access = access
        self.recorder = recorder
        self.writerGracePeriod = writerGracePeriod
        self.logger = logger
    }

    /// Registers the endpoint on the router that decides WebSocket upgrades.
    public func add(to router: Router<TelemetryWebSocketContext>) {
        router.ws(RouterPath(Self.path)) { request, _ in
            guard try await principal(authenticating: request.headers) != nil else {
                throw HTTPError(.unauthorized, message: "an iSCP 1.0 connection needs a valid X-Edge-Token or bearer token")
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            // The upgrade decision cannot hand the principal over, so the token is checked
            // again; a token revoked in between ends the connection at once.
            guard let principal = try await principal(authenticating: context.request.headers) else {
                try await outbound.close(.policyViolation, reason: "the token is no longer valid")
                return
            }
            var logger = logger
            logger[metadataKey: "user"] = "\(principal.userName)"
            try await ISCP1Connection.serve(
                inbound: inbound, outbound: outbound, channel: context.requestContext.channel,
                writerGracePeriod: writerGracePeriod, principal: principal,
                broker: broker, access: access, recorder: recorder,
                executor: EventLoopTaskExecutor(context.requestContext.eventLoop), logger: logger
            )
        }
    }

    /// The principal whose token the upgrade request carries, or `nil`.
    private func principal(authenticating headers: HTTPFields) async throws -> Principal? {
        guard let token = Self.token(in: headers) else { return nil }
        return try await access.principal(token)
    }

    /// The token of `X-Edge-Token`, else of a bearer `Authorization` header.
    static func token(in headers: HTTPFields) -> String? {
        if let edgeToken = headers[.xEdgeToken], !edgeToken.isEmpty { return edgeToken }
        guard let authorization = headers[.authorization] else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

}
