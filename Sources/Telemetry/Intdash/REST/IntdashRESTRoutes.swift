import Accounts
import HTTPSupport
import HTTPTypes
import Hummingbird

/// The intdash REST API of the telemetry catalog, mounted under `/intdash/api`: the version,
/// edges (legacy `/v1/edges…` and current `/auth/edges…`), measurements with their base
/// times and markers (`/v1/measurements…`), captures (`/v1/captures…`) and signals
/// (`/v1/signals…`).
///
/// Official clients are given the base URL `http://HOST:PORT/intdash`. `GET /v1/version`
/// answers without credentials (intdash-py asks for it before it authenticates); everything
/// else needs one of `authenticators`. Who sees which edges and measurements is
/// ``CatalogScope``'s rule. Errors are ``HTTPSupport/APIError``s, which the capability renders
/// in intdash's `{error, error_description}` shape.
///
/// ```swift
/// IntdashRESTRoutes(edges: edges, measurements: measurements, data: data).add(to: router)
/// ```
public struct IntdashRESTRoutes: Sendable {
    /// The API version reported: intdash-py needs at least 1.10.0 for markers.
    public static let apiVersion = "1.10.0"

    /// The edges.
    public let edges: EdgeStore
    /// The measurements.
    public let measurements: MeasurementStore
    /// The stored points, removed with their measurement; `nil` serves the catalog alone.
    public let data: TelemetryDataStore?
    /// The captures.
    public let captures: CaptureStore
    /// The signals.
    public let signals: SignalStore
    /// The credentials accepted, first match deciding.
    public let authenticators: [any Authenticator]

    /// Routes over `edges`, `measurements` and their stored points `data`, `captures` and
    /// `signals` (by default stores over the measurements' database), accepting
    /// `authenticators` (by default ``defaultAuthenticators``).
    public init(
        edges: EdgeStore, measurements: MeasurementStore, data: TelemetryDataStore? = nil, captures: CaptureStore? = nil,
        signals: SignalStore? = nil, authenticators: [any Authenticator] = IntdashRESTRoutes.defaultAuthenticators
    ) {
        self.edges = edges
        self.measurements = measurements
        self.data = data
        self.captures = captures ?? CaptureStore(database: measurements.database)
        self.signals = signals ?? SignalStore(database: measurements.database)
        self.authenticators = authenticators
    }

    /// Chancery's standard schemes plus intdash's API-token headers: `X-Intdash-Token` and,
    /// for edges, `X-Edge-Token`, each carrying a Chancery API key.
    public static var defaultAuthenticators: [any Authenticator] {
        [any Authenticator].standard + [
            APIKeyAuthenticator(.header(.xIntdashToken)),
            APIKeyAuthenticator(.header(.xEdgeToken)),
        ]
    }

    /// Adds the routes to `router` under `/intdash/api`.
    public func add(to router: Router<ChanceryRequestContext>) {
        let api = router.group("intdash/api")
        api.get("v1/version") { _, _ in
            IntdashVersionResource(version: Self.apiVersion, name: "chancery")
        }
        let authenticated = api.group()
            .add(middleware: CatalogErrorMiddleware())
            .add(middleware: AuthenticationMiddleware(accounts: edges.accounts, authenticators: authenticators))
        IntdashEdgeRoutes(edges: edges).add(to: authenticated)
        IntdashMeasurementRoutes(measurements: measurements, data: data).add(to: authenticated)
        IntdashBaseTimeRoutes(measurements: measurements).add(to: authenticated)
        IntdashMarkerRoutes(measurements: measurements).add(to: authenticated)
        IntdashCaptureRoutes(captures: captures).add(to: authenticated)
        IntdashSignalRoutes(signals: signals).add(to: authenticated)
    }
}
