import HTTPSupport

/// The table of measurements the overview and the measurement list share: name (a link to the
/// measurement's page), edge, base time, duration and status.
enum MeasurementRows {
    /// The table of `measurements` with the HTML id `id`, or `empty` (text) when there are none.
    static func table(_ measurements: [Measurement], id: String, caption: String, empty: String) -> String {
        guard !measurements.isEmpty else { return "<p class=\"empty\" id=\"\(id)-empty\">\(empty.htmlEscaped)</p>" }
        let rows = measurements.map(row).joined(separator: "\n")
        return """
            <table id="\(id)">
            <caption>\(caption.htmlEscaped)</caption>
            <thead><tr><th scope="col">Measurement</th><th scope="col">Edge</th><th scope="col">Base time</th>\
            <th scope="col">Duration</th><th scope="col">Status</th></tr></thead>
            <tbody>
            \(rows)
            </tbody>
            </table>
            """
    }

    /// The name a measurement is shown by: its name, or its UUID when it has none.
    static func title(of measurement: Measurement) -> String {
        measurement.name.isEmpty ? measurement.uuid : measurement.name
    }

    private static func row(_ measurement: Measurement) -> String {
        let link = "<a href=\"\(TelemetryConsoleLink.measurement(measurement.uuid).htmlEscaped)\">\(title(of: measurement).htmlEscaped)</a>"
        let edge =
            "<a href=\"\(TelemetryConsoleLink.measurements(edge: measurement.edgeUUID).htmlEscaped)\"><code>\(measurement.edgeUUID.htmlEscaped)</code></a>"
        return "<tr data-uuid=\"\(measurement.uuid.htmlEscaped)\"><td>\(link)</td><td>\(edge)</td>"
            + "<td>\(TelemetryDisplayText.baseTime(measurement.basetime))</td>"
            + "<td class=\"number\">\(TelemetryDisplayText.duration(measurement.maxElapsedTime).htmlEscaped)</td>"
            + "<td>\(measurement.status.rawValue)</td></tr>"
    }
}
