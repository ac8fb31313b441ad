import HTTPSupport

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
        let options = edges.map { edge in
            let selected = edge.uuid == choice?.edge ? " selected" : ""
            return "<option value=\"\(edge.uuid.htmlEscaped)\"\(selected)>\(edge.name.htmlEscaped)</option>"
        }.joined()
        let dataText = (choice?.filters ?? [.all]).map(\.description).joined(separator: " ")
        let watch = choice.map(plot) ?? "<p class=\"empty\" id=\"live-empty\">Pick an edge to watch.</p>"
        return TelemetryConsoleLayout.document(
            title: "Live", section: .live, user: user,
            main: """
                <h1>Live data</h1>
                <form class="filter" method="get" action="\(TelemetryConsoleLink.live.htmlEscaped)">
                <label for="live-edge">Edge</label>
                <select id="live-edge" name="edge">\(options)</select>
                <label for="live-data">Data ids</label>
                <input id="live-data" name="data" size="40" value="\(dataText.htmlEscaped)">
                <button type="submit" id="watch">Watch</button>
                </form>
                <p class="aside">Data ids are written <code>type:name</code>, separated by spaces; <code>#</code> stands for the \
                rest of a name, <code>+</code> for one level (<code>float64:1/#</code>).</p>
                \(watch)
                """)
    }

    /// The plot that follows `choice`.
    private static func plot(_ choice: Choice) -> String {
        let source = TelemetryConsoleLink.liveEvents(edge: choice.edge, measurement: choice.measurement, filters: choice.filters)
        let subject = choice.measurement.map { "measurement <code>\($0.htmlEscaped)</code> of " } ?? ""
        return """
            <p class="lede" id="watching">Watching \(subject)edge <code>\(choice.edge.htmlEscaped)</code>.</p>
            \(TelemetryPlotFigure.html(label: "Live points over elapsed time", attributes: "data-live-url=\"\(source.htmlEscaped)\""))
            """
    }
}
