import HTTPSupport

/// The list of measurements, newest first, a page at a time, with a form that narrows it to
/// one edge.
enum MeasurementListPage {
    /// The page showing `measurements`.
    ///
    /// - Parameters:
    ///   - request: The page asked for, for the pager.
    ///   - edge: The edge the list is narrowed to, if any.
    ///   - edges: The edges the person may choose from.
    ///   - user: The person's name.
    static func html(measurements: CatalogPage<Measurement>, request: PageRequest, edge: String?, edges: [Edge], user: String) -> String {
        let options = edges.map { candidate in
            let selected = candidate.uuid == edge ? " selected" : ""
            return "<option value=\"\(candidate.uuid.htmlEscaped)\"\(selected)>\(candidate.name.htmlEscaped)</option>"
        }.joined()
        let table = MeasurementRows.table(
            measurements.items, id: "measurements", caption: "Measurements",
            empty: measurements.totalCount == 0 ? "There are no measurements." : "There is nothing on this page."
        )
        return TelemetryConsoleLayout.document(
            title: "Measurements", section: .measurements, user: user,
            main: """
                <h1>Measurements</h1>
                <form class="filter" method="get" action="\(TelemetryConsoleLink.measurements().htmlEscaped)">
                <label for="edge-filter">Edge</label>
                <select id="edge-filter" name="edge"><option value="">All edges</option>\(options)</select>
                <button type="submit" id="filter-button">Show</button>
                </form>
                \(table)
                \(pager(measurements.totalCount, request: request, edge: edge))
                """)
    }

    /// Where this page is, and links to the pages around it.
    private static func pager(_ total: Int, request: PageRequest, edge: String?) -> String {
        let pageCount = request.pageCount(totalCount: total)
        var parts = ["<span id=\"page-status\">Page \(request.page) of \(pageCount) · \(total) measurement\(total == 1 ? "" : "s")</span>"]
        if request.page > 1 {
            let previous = TelemetryConsoleLink.measurements(edge: edge, page: min(request.page - 1, pageCount))
            parts.append("<a rel=\"prev\" href=\"\(previous.htmlEscaped)\">Previous page</a>")
        }
        if request.page < pageCount {
            parts.append(
                "<a rel=\"next\" href=\"\(TelemetryConsoleLink.measurements(edge: edge, page: request.page + 1).htmlEscaped)\">Next page</a>")
        }
        return "<nav class=\"pages\" aria-label=\"Pages\">\(parts.joined(separator: "\n"))</nav>"
    }
}
