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
        let total = measurements.totalCount
        let pageCount = request.pageCount(totalCount: total)
        let context = Context(
            action: TelemetryConsoleLink.measurements(),
            edges: edges.map { EdgeOption($0, selected: edge) },
            table: MeasurementRows(
                measurements.items, id: "measurements", caption: "Measurements",
                empty: total == 0 ? "There are no measurements." : "There is nothing on this page."
            ),
            pageStatus: "Page \(request.page) of \(pageCount) · \(total) measurement\(total == 1 ? "" : "s")",
            previousLink: request.page > 1 ? TelemetryConsoleLink.measurements(edge: edge, page: min(request.page - 1, pageCount)) : nil,
            nextLink: request.page < pageCount ? TelemetryConsoleLink.measurements(edge: edge, page: request.page + 1) : nil
        )
        return TelemetryConsoleLayout.document(
            title: "Measurements", section: .measurements, user: user, template: "measurement-list-page", context: context)
    }

    /// What `measurement-list-page.mustache` reads.
    private struct Context {
        let action: String
        let edges: [EdgeOption]
        let table: MeasurementRows
        /// Where this page is among the pages.
        let pageStatus: String
        let previousLink: String?
        let nextLink: String?
    }
}
