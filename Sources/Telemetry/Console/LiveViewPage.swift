/// The live view: a form to pick an edge (or a measurement that is still streaming) and the
/// data ids to watch, and, once picked, a plot the script feeds from the live event stream.
enum LiveViewPage {
    /// What the person picked.
    struct Choice {
        /// The edge whose data to follow.
        let edge: String
        /// The measurement to follow alone, if one was picked.
        let measurement: String?
        /// The data ids to follow (`#` and `+` wildcards allowed).
        let filters: [TelemetryDataFilter]
    }

    /// The page with `choice` being watched (none yet when `nil`), offering `edges`.
    static func html(choice: Choice?, edges: [Edge], user: String) -> String {
        let context = Context(
            action: TelemetryConsoleLink.live,
            edges: edges.map { EdgeOption($0, selected: choice?.edge) },
            dataText: (choice?.filters ?? [.all]).map(\.description).joined(separator: " "),
            watching: choice.map(Watching.init)
        )
        return TelemetryConsoleLayout.document(title: "Live", section: .live, user: user, template: "live-view-page", context: context)
    }

    /// What `live-view-page.mustache` reads.
    private struct Context {
        let action: String
        let edges: [EdgeOption]
        /// The data ids field's value.
        let dataText: String
        let watching: Watching?
    }

    /// What is watched, and the plot that follows it.
    private struct Watching {
        let edge: String
        let measurement: String?
        let plot: TelemetryPlotFigure

        init(_ choice: Choice) {
            edge = choice.edge
            measurement = choice.measurement
            let source = TelemetryConsoleLink.liveEvents(edge: choice.edge, measurement: choice.measurement, filters: choice.filters)
            plot = TelemetryPlotFigure(label: "Live points over elapsed time", pointsURL: nil, liveURL: source)
        }
    }
}
