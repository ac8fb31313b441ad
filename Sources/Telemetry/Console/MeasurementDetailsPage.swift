import Foundation
import HTTPSupport

/// The page of one measurement: its facts, its data ids with their point counts, and a plot
/// that replays the points of the chosen data ids at 1×, 10× or 100× their recorded pace, or
/// shows them all at once.
enum MeasurementDetailsPage {
    /// The page of `measurement`, whose stored data ids are `dataIDs`.
    static func html(measurement: Measurement, dataIDs: [TelemetryDataIDSummary], user: String) -> String {
        let title = MeasurementRows.title(of: measurement)
        let baseTimeType = measurement.basetimeType.map { " (\($0.rawValue))" } ?? ""
        let live =
            measurement.ended
            ? ""
            : """
            <p><a id="live-link" href="\(TelemetryConsoleLink.live(measurement: measurement.uuid).htmlEscaped)">Watch this measurement live</a></p>
            """
        return TelemetryConsoleLayout.document(
            title: title, section: .measurements, user: user,
            main: """
                <h1>\(title.htmlEscaped)</h1>
                <dl class="facts">
                <dt>UUID</dt><dd><code id="measurement-uuid">\(measurement.uuid.htmlEscaped)</code></dd>
                <dt>Edge</dt><dd><a href="\(TelemetryConsoleLink.measurements(edge: measurement.edgeUUID).htmlEscaped)"><code>\(measurement.edgeUUID.htmlEscaped)</code></a></dd>
                <dt>Base time</dt><dd>\(TelemetryDisplayText.baseTime(measurement.basetime))\(baseTimeType.htmlEscaped)</dd>
                <dt>Duration</dt><dd id="duration">\(TelemetryDisplayText.duration(measurement.maxElapsedTime).htmlEscaped)</dd>
                <dt>Status</dt><dd id="status">\(measurement.status.rawValue)</dd>
                <dt>Created</dt><dd>\(TelemetryDisplayText.date(measurement.createdAt))</dd>
                \(measurement.description.isEmpty ? "" : "<dt>Description</dt><dd>\(measurement.description.htmlEscaped)</dd>")
                </dl>
                \(live)
                <h2>Data</h2>
                \(dataIDs.isEmpty ? "<p class=\"empty\" id=\"data-empty\">No points are stored for this measurement.</p>" : replay(measurement, dataIDs))
                """)
    }

    /// The data ids to choose from, the replay controls and the plot.
    private static func replay(_ measurement: Measurement, _ dataIDs: [TelemetryDataIDSummary]) -> String {
        let rows = dataIDs.enumerated().map { index, summary in
            let value = summary.dataID.description
            let checked = index < 4 ? " checked" : ""
            return "<tr><td><input type=\"checkbox\" name=\"data\" id=\"data-\(index)\" value=\"\(value.htmlEscaped)\"\(checked)></td>"
                + "<td><label for=\"data-\(index)\"><code>\(summary.dataID.name.htmlEscaped)</code></label></td>"
                + "<td>\(summary.dataID.type.htmlEscaped)</td><td class=\"number\">\(summary.pointCount)</td>"
                + "<td class=\"number\">\(TelemetryDisplayText.duration(summary.firstElapsedTime).htmlEscaped)</td>"
                + "<td class=\"number\">\(TelemetryDisplayText.duration(summary.lastElapsedTime).htmlEscaped)</td></tr>"
        }.joined(separator: "\n")
        let plot = TelemetryPlotFigure.html(
            label: "Points of the chosen data ids over elapsed time",
            attributes: "data-points-url=\"\(TelemetryConsoleLink.points(of: measurement.uuid).htmlEscaped)\""
        )
        return """
            <form class="replay" id="replay-form">
            <table id="data-ids">
            <caption>Data ids</caption>
            <thead><tr><th scope="col">Plot</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Points</th>\
            <th scope="col">First</th><th scope="col">Last</th></tr></thead>
            <tbody>
            \(rows)
            </tbody>
            </table>
            <p class="controls">
            <label for="from">From</label>
            <input type="number" id="from" name="from" min="0" step="any" placeholder="start" aria-describedby="range-unit">
            <label for="to">to</label>
            <input type="number" id="to" name="to" min="0" step="any" placeholder="end" aria-describedby="range-unit">
            <span id="range-unit">s of elapsed time</span>
            <label for="speed">Speed</label>
            <select id="speed" name="speed"><option value="1">1×</option><option value="10" selected>10×</option><option value="100">100×</option></select>
            <button type="button" id="replay">Replay</button>
            <button type="button" id="show-all">Show all</button>
            <button type="button" id="stop" disabled>Stop</button>
            </p>
            </form>
            \(plot)
            <p class="aside">Numbers are plotted for <code>float64</code>, <code>float32</code>, integer types and numeric strings; \
            other points are counted in the legend. A replay loads at most \(TelemetryConsole.defaultPointLimit) points.</p>
            """
    }
}
