import Accounts
import HTTPSupport
import Hummingbird

/// The Telemetry console: web pages, rendered on the server, for a person to see their edges
/// and measurements, plot and replay a measurement's stored points and watch data stream in.
///
/// - `GET /telemetry`: the edges and the most recent measurements (``TelemetryOverviewPage``).
/// - `GET /telemetry/measurements?edge=…&page=…`: the measurements, a page at a time, of one
///   edge when asked (``MeasurementListPage``).
/// - `GET /telemetry/measurements/{uuid}`: a measurement's facts and data ids, with a plot that
///   replays its points (``MeasurementDetailsPage``).
/// - `GET /telemetry/measurements/{uuid}/points?data=type:name…&limit=…`: those points as
///   streamed JSON (``points(_:context:)``).
/// - `GET /telemetry/live?edge=…` or `?measurement=…` (`&data=type:name…`): a plot that follows
///   the edge's data as it streams in (``LiveViewPage``).
/// - `GET /telemetry/live/events?edge=…` (`&measurement=…&data=…`): that data as Server-Sent
///   Events, from the ``TelemetryBroker`` (``liveEvents(_:context:)``).
/// - `GET /telemetry/assets/console.css` and `console.js`: the stylesheet and the script, the
///   only routes without credentials (they hold no data).
///
/// Every other route takes the browser's sign-in (``HTTPSupport/BrowserSessionAuthenticator``),
/// HTTP Basic (whose challenge makes browsers ask for a password) or the intdash API's tokens, and shows only what ``CatalogScope`` lets the person see:
/// administrators everything, a person the edges they own and their measurements. An edge or
/// measurement they may not see is not found, in pages and streams alike.
struct TelemetryConsole: Sendable {
    /// The edges.
    let edges: EdgeStore
    /// The measurements.
    let measurements: MeasurementStore
    /// The stored points.
    let data: TelemetryDataStore
    /// Where live data comes from.
    let broker: TelemetryBroker
    /// How people sign in after HTTP Basic: the intdash API's tokens.
    let tokenAuthenticators: [any Authenticator]

    /// Adds the console's routes to `router`.
    func add(to router: Router<ChanceryRequestContext>) {
        router.add([TelemetryConsoleAsset.stylesheet, TelemetryConsoleAsset.script])
        let authenticators: [any Authenticator] =
            [BrowserSessionAuthenticator(), BasicAuthenticator(realm: "Chancery Telemetry")] + tokenAuthenticators
        let pages = router.group(RouterPath(TelemetryConsoleLink.root))
            .add(
                middleware: ConsoleErrorMiddleware(translating: { ($0 as? CatalogError).map(CatalogErrorMiddleware.apiError(for:)) }) { error in
                    TelemetryConsoleResponse.page(
                        TelemetryErrorPage.html(status: error.status, message: error.message), status: error.status, headers: error.headers)
                }
            )
            .add(middleware: AuthenticationMiddleware(accounts: edges.accounts, authenticators: authenticators))
        pages.get { _, context in try await overview(context: context) }
        pages.get("measurements") { request, context in try await measurementList(request, context: context) }
        pages.get("measurements/:uuid") { _, context in try await measurement(context: context) }
        pages.get("measurements/:uuid/points") { request, context in try await points(request, context: context) }
        pages.get("measurements/:uuid/export.ndjson") { _, context in try await export(context: context) }
        pages.get("live") { request, context in try await live(request, context: context) }
        pages.get("live/events") { request, context in try await liveEvents(request, context: context) }
        pages.get("**") { _, _ -> Response in throw APIError(.notFound, "There is no console page here.") }
    }

    /// The signed-in person's name and what they may see.
    static func viewer(of context: ChanceryRequestContext) throws -> (name: String, scope: CatalogScope) {
        let principal = try context.requirePrincipal()
        return (principal.userName, CatalogScope(principal))
    }

    /// The data ids `values` name as `type:name` (the type before the first colon).
    ///
    /// - Throws: 400 when one has no colon, or when there are more than `limit`.
    static func dataIDs(_ values: [String], limit: Int) throws -> [TelemetryDataID] {
        guard values.count <= limit else { throw APIError(.badRequest, "At most \(limit) data ids may be chosen at once.") }
        return try values.map { value in
            guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else {
                throw APIError(.badRequest, "A data id is written type:name, as float64:1/speed.")
            }
            return TelemetryDataID(name: String(value[value.index(after: colon)...]), type: String(value[..<colon]))
        }
    }
}
