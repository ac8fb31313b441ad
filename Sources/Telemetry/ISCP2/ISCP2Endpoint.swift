import Hummingbird
import HummingbirdWebSocket
import ISCP
import Logging
import Storage

/// The iSCP v2 broker endpoint: `GET /intdash/api/iscp/connect?enc=proto`, a WebSocket on
/// which each binary message is one protocol buffers `iscp2.v1.Message` (specs/intdash.md §1).
///
/// The official clients (`iscp` for Python, iscp-go, iscp-swift, …) reach it with the base
/// URL `http://HOST:PORT/intdash`. Each WebSocket is served by its own ``ISCP2Connection``;
/// all of them share one ``TelemetryBroker`` (with the iSCP 1.0 endpoint) and the registries of
/// resumable upstreams and downstreams.
///
/// ```swift
/// ISCP2Endpoint(broker: broker, access: access, recorder: recorder, logger: logger).add(to: webSocketRouter)
/// ```
public struct ISCP2Endpoint: Sendable {
    /// Where the endpoint is mounted.
    public static let path = "/intdash/api/iscp/connect"

    private let environment: ISCP2Connection.Environment
    private let logger: Logger

    /// Creates the endpoint.
    ///
    /// - Parameters:
    ///   - broker: Routes data between the connected nodes.
    ///   - access: Checks tokens and which nodes a principal may act as and watch.
    ///   - recorder: Stores what upstreams opened with `persist` send, or `nil` when the server
    ///     does not store telemetry (then `persist` is accepted and ignored).
    ///   - logger: Where connections log, each line with the connection's node id.
    public init(broker: TelemetryBroker, access: TelemetryAccess, recorder: (any TelemetryRecording)?, logger: Logger) {
        self.init(broker: broker, access: access, recorder: recorder, limits: ISCP2Limits(), logger: logger)
    }

    /// Creates the endpoint with other limits than the defaults (tests use short timeouts),
    /// and, in a deployment of several instances, the upstreams they share and what moves
    /// downstreams between them (whose registry the endpoint then uses).
    init(
        broker: TelemetryBroker, access: TelemetryAccess, recorder: (any TelemetryRecording)?, limits: ISCP2Limits,
        sharedUpstreams: ISCP2SharedUpstreams? = nil, downstreamHandoffs: ISCP2DownstreamHandoffs? = nil, logger: Logger
    ) {
        let upstreams = ISCP2ResumeRegistry<ISCP2UpstreamState>(maximumParkedPerNode: limits.parkedStreamsPerNode) { state in
            // An upstream another instance took over is that instance's to report.
            if let sharedUpstreams, (try? await sharedUpstreams.release(state.streamID)) == false { return }
            await broker.publish(.upstreamLost(state.upstream), from: state.upstream.sourceNodeID)
        }
        self.environment = ISCP2Connection.Environment(
            broker: broker, access: access, recorder: recorder, upstreamRegistry: upstreams, sharedUpstreams: sharedUpstreams,
            downstreamRegistry: downstreamHandoffs?.registry ?? .downstreams(of: broker, limits: limits),
            downstreamHandoffs: downstreamHandoffs, codec: ISCP2MessageCodec(), limits: limits
        )
        self.logger = logger
    }

    /// Where the endpoint keeps its upstreams, and those waiting to be resumed.
    var upstreamRegistry: ISCP2ResumeRegistry<ISCP2UpstreamState> { environment.upstreamRegistry }

    /// Where the endpoint keeps its downstreams, and those waiting to be resumed.
    var downstreamRegistry: ISCP2ResumeRegistry<ISCP2DownstreamState> { environment.downstreamRegistry }

    /// Adds the endpoint to the router that decides WebSocket upgrades.
    ///
    /// Query keys other than `enc` (iscp-go sends compression and transport ids) are ignored;
    /// an `enc` other than `proto` (iscp-go can ask for `json`) is refused, which the upgrade
    /// answers with 400.
    public func add(to router: Router<TelemetryWebSocketContext>) {
        router.ws(
            RouterPath(Self.path),
            shouldUpgrade: { request, _ in
                if let encoding = request.uri.queryParameters.get("enc"), encoding != "proto" {
                    throw HTTPError(.badRequest, message: "iSCP v2 encoding '\(encoding)' is not supported; use enc=proto")
                }
                return .upgrade([:])
            },
            onUpgrade: { [environment, logger] inbound, _, context in
                let executor = EventLoopTaskExecutor(context.requestContext.eventLoop)
                let connection = ISCP2Connection(environment: environment, executor: executor, logger: logger)
                let outbound = WebSocketChannelWriter(channel: context.requestContext.channel)
                await connection.run(inbound: inbound, outbound: outbound, authorization: context.request.headers[.authorization])
            }
        )
    }
}
