import HTTPSupport

/// The console's first page: the edges the person may see (name, UUID, type, last sign-in),
/// each with links to its measurements and its live view, and the most recent measurements.
enum TelemetryOverviewPage {
    /// The page of `edges` and `recent` measurements for `user`.
    static func html(edges: CatalogPage<Edge>, recent: [Measurement], user: String) -> String {
        let rows = edges.items.map(row).joined(separator: "\n")
        let edgeTable =
            edges.items.isEmpty
            ? "<p class=\"empty\" id=\"edges-empty\">There are no edges you may see.</p>"
            : """
            <table id="edges">
            <caption>Edges\(edges.totalCount > edges.items.count ? " (the first \(edges.items.count) of \(edges.totalCount))" : "")</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">UUID</th><th scope="col">Type</th>\
            <th scope="col">Last sign-in</th><th scope="col">Data</th></tr></thead>
            <tbody>
            \(rows)
            </tbody>
            </table>
            """
        let recentTable = MeasurementRows.table(recent, id: "recent", caption: "Recent measurements", empty: "There are no measurements yet.")
        return TelemetryConsoleLayout.document(
            title: "Edges", section: .overview, user: user,
            main: """
                <h1>Telemetry</h1>
                <p class="lede">Your edges, and the measurements they recorded most recently.</p>
                \(edgeTable)
                \(recentTable)
                <p><a id="all-measurements" href="\(TelemetryConsoleLink.measurements().htmlEscaped)">All measurements</a></p>
                """)
    }

    private static func row(_ edge: Edge) -> String {
        let login = edge.lastLoginAt.map(TelemetryDisplayText.date) ?? "<span class=\"empty\">never</span>"
        let name = edge.nickname.isEmpty ? edge.name : "\(edge.name) (\(edge.nickname))"
        let links =
            "<a href=\"\(TelemetryConsoleLink.measurements(edge: edge.uuid).htmlEscaped)\">Measurements</a> · "
            + "<a href=\"\(TelemetryConsoleLink.live(edge: edge.uuid).htmlEscaped)\">Live</a>"
        return "<tr data-uuid=\"\(edge.uuid.htmlEscaped)\"><td>\(name.htmlEscaped)</td><td><code>\(edge.uuid.htmlEscaped)</code></td>"
            + "<td>\(edge.type.rawValue)\(edge.disabled ? " (disabled)" : "")</td><td>\(login)</td><td>\(links)</td></tr>"
    }
}
