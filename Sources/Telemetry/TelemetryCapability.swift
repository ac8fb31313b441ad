import Accounts
import HTTPSupport
import Hummingbird
import HummingbirdWebSocket
import Logging
import NotaryProof
import Storage

/// The Telemetry capability as the server assembles it: the intdash-compatible REST API, the
/// OAuth2 authorization server and the iSCP 1.0 and iSCP v2 WebSocket endpoints under
/// `/intdash/api`, around one broker; measurements in the catalog, points in segment files (or, shared by several instances,
/// in the database and the blob store).
///
/// ```swift
/// let telemetry = try TelemetryCapability.open(
///     database: database, accounts: accounts, dataDirectory: "data", keysDirectory: "data/keys",
///     publicBaseURL: nil, logger: logger
/// )
/// telemetry.addRoutes(to: router)
/// telemetry.addWebSocketRoutes(to: webSocketRouter)
/// ```
public struct TelemetryCapability: Sendable {
    /// Routes data between the connected nodes.
    public let broker: TelemetryBroker
    /// Issues and checks the OAuth2 tokens of people and edges.
    public let authorizationServer: OAuth2AuthorizationServer
    /// The edges.
    public let edges: EdgeStore
    /// The measurements.
    public let measurements: MeasurementStore
    /// The stored points.
    public let data: TelemetryDataStore
    /// Seals the shared segments of the stored points, when the instances of a deployment
    /// share them (a service for the application to run).
    public let sealer: TelemetrySegmentSealer?
    /// Keeps the iSCP v2 upstreams of this instance alive in the database, when the instances
    /// of a deployment share them (a service for the application to run).
    public let upstreamLeases: ISCP2UpstreamLeases?
    /// Moves the iSCP v2 downstreams that a resume names between the instances of a
    /// deployment (a service for the application to run).
    public let downstreamHandoffs: ISCP2DownstreamHandoffs?
    /// Notarizes the measurements of the edges that ask for it when they end, when the server
    /// has a Notary; run it with the server.
    public let notarizer: MeasurementNotarizer?
    /// Which edges have their measurements notarized, and how far each notarization is.
    public let notarizations: MeasurementNotarizations
    /// The identity checks of the realtime endpoints.
    let access: TelemetryAccess
    /// Where the endpoints store what upstreams persist.
    let recorder: any TelemetryRecording
    private let logger: Logger

    /// The error formats of the Telemetry capability's APIs, for ``HTTPSupport/ErrorMiddleware``.
    public static let errorFormats: [(prefix: String, format: any ErrorFormat)] = [("/intdash", IntdashErrorFormat())]

    /// The WebSocket settings both realtime protocols need: frames up to 16 MiB (an iSCP chunk
    /// or a batch of iSCP 1.0 elements can be large; the codecs enforce their own limits), and
    /// clients' frames unmasked a word at a time (``WebSocketUnmasking``).
    public static let webSocketConfiguration = WebSocketServerConfiguration(maxFrameSize: 16 << 20, extensions: [WebSocketUnmasking.factory])

    /// Opens the capability on the platform's database and accounts.
    ///
    /// - Parameters:
    ///   - dataDirectory: The server's data directory; points are kept under its `telemetry/`.
    ///   - keysDirectory: Where the key that signs access tokens is kept (created on first start).
    ///   - publicBaseURL: The server's public base URL, the issuer of its access tokens; `nil`
    ///     names the issuer `chancery`.
    ///   - blobs: The blob store; with a `link`, the points go to shared segments sealed into it.
    ///   - link: What connects the broker to those of the deployment's other instances, if any.
    ///   - notary: Records measurements' exports when they end, for the edges that ask for it.
    public static func open(
        database: Database, accounts: AccountStore, dataDirectory: String, keysDirectory: String, publicBaseURL: String?,
        blobs: (any BlobStore)? = nil, link: TelemetryClusterLink? = nil, notary: (any Notarizing)? = nil, logger: Logger
    ) throws -> TelemetryCapability {
        let server = OAuth2AuthorizationServer(
            accounts: accounts, keys: try JSONWebTokenKey.loadRing(in: keysDirectory), issuer: publicBaseURL ?? "chancery"
        )
        let edges = EdgeStore(accounts: accounts)
        let sealer = link == nil ? nil : blobs.map { TelemetrySegmentSealer(database: database, blobs: $0, logger: logger) }
        let data = TelemetryDataStore(
            database: database, directory: TelemetryDataStore.directory(in: dataDirectory), blobs: blobs, sharedSegments: sealer)
        let notarizations = MeasurementNotarizations(database: database)
        let notarizer = notary.map {
            MeasurementNotarizer(
                notarizations: notarizations, notary: $0, measurements: MeasurementStore(database: database), data: data, logger: logger)
        }
        var whenEnded: (@Sendable () -> Void)?
        if let notarizer { whenEnded = { notarizer.wake() } }
        let measurements = MeasurementStore(database: database, whenEnded: whenEnded)
        let broker = TelemetryBroker(link: link)
        let upstreamLeases = link == nil ? nil : ISCP2UpstreamLeases(shared: ISCP2SharedUpstreams(database: database), broker: broker, logger: logger)
        let downstreamHandoffs = try link.map { try ISCP2DownstreamHandoffs(nats: $0.nats, broker: broker, logger: logger) }
        return TelemetryCapability(
            broker: broker, authorizationServer: server, edges: edges, measurements: measurements, data: data,
            sealer: sealer, upstreamLeases: upstreamLeases, downstreamHandoffs: downstreamHandoffs, notarizer: notarizer,
            notarizations: notarizations, access: .catalog(server: server, edges: edges),
            recorder: TelemetryRecorder(measurements: measurements, data: data),
            logger: logger
        )
    }

    /// Adds every Telemetry HTTP route to `router`: the intdash API under `/intdash` and the
    /// console under `/telemetry`.
    public func addRoutes(to router: Router<ChanceryRequestContext>) {
        let authenticators = IntdashAuthenticators.all(server: authorizationServer)
        IntdashOAuth2Routes(accounts: edges.accounts, server: authorizationServer).add(to: router)
        IntdashRESTRoutes(edges: edges, measurements: measurements, data: data, authenticators: authenticators).add(to: router)
        let api = router.group("intdash/api").add(middleware: AuthenticationMiddleware(accounts: edges.accounts, authenticators: authenticators))
        let directory = CatalogMeasurementDirectory(edges: edges, measurements: measurements)
        IntdashDataRoutes(store: data, measurements: directory, signals: SignalStore(database: measurements.database)).add(to: api)
        IntdashUploadRoutes(recording: recorder, measurements: directory).add(to: api)
        IntdashSequenceRoutes(store: data, measurements: directory).add(to: api)
        TelemetryConsole(edges: edges, measurements: measurements, data: data, broker: broker, tokenAuthenticators: authenticators)
            .add(to: router)
    }

    /// Adds the realtime WebSocket endpoints to the router that decides WebSocket upgrades.
    public func addWebSocketRoutes(to router: Router<TelemetryWebSocketContext>) {
        ISCP1Endpoint(broker: broker, access: access, recorder: recorder, logger: logger).add(to: router)
        ISCP2Endpoint(
            broker: broker, access: access, recorder: recorder, limits: ISCP2Limits(), sharedUpstreams: upstreamLeases?.shared,
            downstreamHandoffs: downstreamHandoffs, logger: logger
        ).add(to: router)
    }
}
