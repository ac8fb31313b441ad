import HTTPSupport

/// The console's first page: the edges the person may see (name, UUID, type, last sign-in),
/// each with links to its measurements and its live view, and the most recent measurements.
enum TelemetryOverviewPage {
    /// The page of `edges` and `recent` measurements for `user`.
    static func html(edges: CatalogPage<Edge>, recent: [Measurement], user: String) -> String {
        let shown = edges.items.count
        let context = Context(
            edgeCaption: "Edges" + (edges.totalCount > shown ? " (the first \(shown) of \(edges.totalCount))" : ""),
            edges: edges.items.map(EdgeRow.init),
            recent: MeasurementRows(recent, id: "recent", caption: "Recent measurements", empty: "There are no measurements yet."),
            allMeasurementsLink: TelemetryConsoleLink.measurements()
        )
        return TelemetryConsoleLayout.document(title: "Edges", section: .overview, user: user, template: "telemetry-overview-page", context: context)
    }

    /// What `telemetry-overview-page.mustache` reads.
    private struct Context {
        let edgeCaption: String
        let edges: [EdgeRow]
        let recent: MeasurementRows
        let allMeasurementsLink: String
    }

    /// One edge's row.
    private struct EdgeRow {
        let uuid: String
        let name: String
        let type: String
        let lastLogin: ConsoleTime?
        let measurementsLink: String
        let liveLink: String

        init(_ edge: Edge) {
            uuid = edge.uuid
            name = edge.nickname.isEmpty ? edge.name : "\(edge.name) (\(edge.nickname))"
            type = edge.type.rawValue + (edge.disabled ? " (disabled)" : "")
            lastLogin = edge.lastLoginAt.map { ConsoleTime($0, to: .second) }
            measurementsLink = TelemetryConsoleLink.measurements(edge: edge.uuid)
            liveLink = TelemetryConsoleLink.live(edge: edge.uuid)
        }
    }
}
