import Console
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import Mail
import NIOCore
import Notary
import Prometheus
import Repository
import ServiceLifecycle
import Signing
import Telemetry

/// Builds the one Hummingbird application that serves every Chancery API on one port.
public enum ChanceryApplication {
    /// The router with every route and middleware of this build.
    ///
    /// Middleware order matters: request ids first (so every later log line carries one),
    /// then errors (so everything below, including unknown routes, is answered in the right
    /// format), then the public origin and client address (``ForwardedHeadersMiddleware``,
    /// whose 400 for a malformed `Host` is so answered in the API's format), then metrics,
    /// the body limit and request logging.
    ///
    /// - Parameters:
    ///   - administration: What the administration pages do (the command line's own).
    ///   - publicURL: `--public-url`, the base of every link; `nil` takes each request's `Host`.
    ///   - trustForwardedHeaders: Whether `X-Forwarded-Proto`, `-Host` and `-For` are believed.
    public static func router(
        platform: Platform,
        administration: Administration,
        notary: NotaryCapability?,
        repository: RepositoryCapability? = nil,
        signing: SigningCapability? = nil,
        telemetry: TelemetryCapability? = nil,
        metrics registry: PrometheusCollectorRegistry,
        maxBodyBytes: Int64,
        publicURL: PublicOrigin? = nil,
        trustForwardedHeaders: Bool = false
    ) -> Router<ChanceryRequestContext> {
        // Every GET route answers HEAD too (monitors and caches probe the public log with it).
        let router = Router(context: ChanceryRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestIDMiddleware())
        router.add(
            middleware: ErrorMiddleware(
                formats: NotaryCapability.errorFormats + RepositoryCapability.errorFormats + SigningCapability.errorFormats
                    + TelemetryCapability.errorFormats))
        router.add(middleware: ForwardedHeadersMiddleware(publicURL: publicURL, trustForwardedHeaders: trustForwardedHeaders))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: maxBodyBytes))
        router.add(middleware: LogRequestsMiddleware(.debug))

        HealthRoutes(database: platform.database, blobs: platform.blobs).add(to: router)
        MetricsRoutes(registry: registry, accounts: platform.accounts).add(to: router)
        AccountsAPI(accounts: platform.accounts).add(to: router)
        notary?.addRoutes(to: router)
        repository?.addRoutes(to: router)
        signing?.addRoutes(to: router)
        telemetry?.addRoutes(to: router)
        StartPage().add(to: router)
        SignInRoutes(accounts: platform.accounts).add(to: router)
        AdministrationPages(administration: administration).add(to: router)
        return router
    }

    /// The router that decides WebSocket upgrades: the realtime endpoints of the capabilities
    /// that have them. Requests it does not route are served by the HTTP router.
    public static func webSocketRouter(telemetry: TelemetryCapability?) -> Router<TelemetryWebSocketContext> {
        let router = Router(context: TelemetryWebSocketContext.self)
        telemetry?.addWebSocketRoutes(to: router)
        return router
    }

    /// The HTTP/1.1 server that upgrades the requests `webSocketRouter` accepts to WebSockets,
    /// with every connection bounded by `limits` (``BoundedConnectionChannel``).
    public static func server(webSocketRouter: Router<TelemetryWebSocketContext>, limits: ConnectionLimits = .init()) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let decoderLimits = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: ConnectionLimits.maxHeadBytes,
            maxHeaderListSize: ConnectionLimits.maxHeadBytes,
            maxHeaderFieldCount: ConnectionLimits.maxHeaderCount
        )
        return HTTPServerBuilder { responder in
            BoundedConnectionChannel(
                HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    webSocketResponder: webSocketResponder,
                    configuration: .init(http1: .init(httpDecoderConfiguration: decoderLimits), ws: TelemetryCapability.webSocketConfiguration)
                ), limits: limits)
        }
    }

    /// The application for `configuration`, ready to run as a service.
    ///
    /// - Parameter onServerRunning: Called with the bound address once the server accepts
    ///   connections (the actual port when `configuration.port` is 0).
    public static func application(
        configuration: ServerConfiguration,
        platform: Platform,
        notary: NotaryCapability,
        repository: RepositoryCapability? = nil,
        signing: SigningCapability? = nil,
        telemetry: TelemetryCapability? = nil,
        mail: OutboundMail? = nil,
        metrics registry: PrometheusCollectorRegistry,
        logger: Logger,
        onServerRunning: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(
                platform: platform,
                administration: Administration(accounts: platform.accounts, dataDirectory: configuration.dataDirectory, blobs: configuration.blobs),
                notary: notary, repository: repository, signing: signing, telemetry: telemetry,
                metrics: registry, maxBodyBytes: configuration.maxBodyBytes,
                publicURL: configuration.publicURL.flatMap(PublicOrigin.init(url:)), trustForwardedHeaders: configuration.trustForwardedHeaders
            ),
            server: server(webSocketRouter: webSocketRouter(telemetry: telemetry), limits: configuration.connectionLimits),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "Chancery"
            ),
            // Shut down in reverse: the sequencer integrates what is pending, then the database closes.
            services: [PlatformService(platform: platform, logger: logger), notary.sequencer, notary.pendingReportRecovery]
                + (signing.map { [$0.webhookDeliverer] } ?? []) + (signing?.scheduledMail.map { [$0] } ?? []) + (mail.map { [$0.deliverer] } ?? [])
                + (telemetry?.sealer.map { [$0] } ?? []) + (telemetry?.upstreamLeases.map { [$0] } ?? [])
                + (telemetry?.notarizer.map { [$0] } ?? [])
                + (telemetry?.downstreamHandoffs.map { [$0] } ?? [])
                + (repository.map {
                    [
                        PropertyIndexBuilder(
                            indexes: PropertyIndexes(database: $0.repository.database), properties: configuration.indexedProperties, logger: logger)
                    ]
                } ?? []),
            onServerRunning: { channel in
                await onServerRunning(configuration.host, channel.localAddress?.port ?? configuration.port)
            },
            logger: logger
        )
    }
}
