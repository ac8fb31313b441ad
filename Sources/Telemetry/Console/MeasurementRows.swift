import HTTPSupport

/// The table of measurements the overview and the measurement list share
/// (`measurement-table.mustache`): name (a link to the measurement's page), edge, base time,
/// duration and status.
struct MeasurementRows {
    /// One measurement's row.
    struct Row {
        /// The measurement's UUID.
        let uuid: String
        /// Its page.
        let link: String
        /// The name it is shown by.
        let title: String
        /// Its edge's UUID.
        let edgeUUID: String
        /// The list of its edge's measurements.
        let edgeLink: String
        /// Its base time, if it has one.
        let recordedAt: ConsoleTime?
        /// How long it lasts.
        let duration: String
        /// Its status.
        let status: String
    }

    /// The table's HTML id (and, with `-empty`, that of the text shown instead of it).
    let id: String
    /// The table's caption.
    let caption: String
    /// The text shown when there are no measurements.
    let emptyText: String
    /// The rows.
    let rows: [Row]

    /// The table of `measurements` with the HTML id `id`, or `empty` when there are none.
    init(_ measurements: [Measurement], id: String, caption: String, empty: String) {
        self.id = id
        self.caption = caption
        emptyText = empty
        rows = measurements.map { measurement in
            Row(
                uuid: measurement.uuid, link: TelemetryConsoleLink.measurement(measurement.uuid), title: Self.title(of: measurement),
                edgeUUID: measurement.edgeUUID, edgeLink: TelemetryConsoleLink.measurements(edge: measurement.edgeUUID),
                recordedAt: TelemetryDisplayText.baseTime(measurement.basetime),
                duration: TelemetryDisplayText.duration(measurement.maxElapsedTime), status: measurement.status.rawValue
            )
        }
    }

    /// The name a measurement is shown by: its name, or its UUID when it has none.
    static func title(of measurement: Measurement) -> String {
        measurement.name.isEmpty ? measurement.uuid : measurement.name
    }
}
