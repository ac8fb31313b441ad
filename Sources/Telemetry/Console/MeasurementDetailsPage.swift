import HTTPSupport

/// The page of one measurement: its facts, its data ids with their point counts, and a plot
/// that replays the points of the chosen data ids at 1×, 10× or 100× their recorded pace, or
/// shows them all at once.
enum MeasurementDetailsPage {
    /// The page of `measurement`, whose stored data ids are `dataIDs`.
    static func html(
        measurement: Measurement, dataIDs: [TelemetryDataIDSummary], notarization: MeasurementNotarization?, user: String
    ) -> String {
        let title = MeasurementRows.title(of: measurement)
        let context = Context(
            title: title,
            uuid: measurement.uuid,
            edgeUUID: measurement.edgeUUID,
            edgeLink: TelemetryConsoleLink.measurements(edge: measurement.edgeUUID),
            baseTime: TelemetryDisplayText.baseTime(measurement.basetime),
            baseTimeType: measurement.basetimeType?.rawValue,
            duration: TelemetryDisplayText.duration(measurement.maxElapsedTime),
            status: measurement.status.rawValue,
            createdAt: ConsoleTime(measurement.createdAt, to: .second),
            description: measurement.description.isEmpty ? nil : measurement.description,
            liveLink: measurement.ended ? nil : TelemetryConsoleLink.live(measurement: measurement.uuid),
            exportLink: TelemetryConsoleLink.export(of: measurement.uuid),
            notarization: notarization.map(NotarizationFacts.init),
            dataIDs: dataIDs.enumerated().map(DataIDRow.init),
            plot: TelemetryPlotFigure(
                label: "Points of the chosen data ids over elapsed time", pointsURL: TelemetryConsoleLink.points(of: measurement.uuid), liveURL: nil),
            pointLimit: TelemetryConsole.defaultPointLimit
        )
        return TelemetryConsoleLayout.document(
            title: title, section: .measurements, user: user, template: "measurement-details-page", context: context)
    }

    /// What `measurement-details-page.mustache` reads.
    private struct Context {
        let title: String
        let uuid: String
        let edgeUUID: String
        let edgeLink: String
        let baseTime: ConsoleTime?
        /// The base time's type, shown after it.
        let baseTimeType: String?
        let duration: String
        let status: String
        let createdAt: ConsoleTime
        let description: String?
        /// The live view of the measurement while it streams.
        let liveLink: String?
        /// The NDJSON export of its points.
        let exportLink: String
        /// Its notarization, when one was queued.
        let notarization: NotarizationFacts?
        let dataIDs: [DataIDRow]
        /// The replay's plot.
        let plot: TelemetryPlotFigure
        /// The most points a replay loads.
        let pointLimit: Int
    }

    /// What the page says of the measurement's notarization.
    private struct NotarizationFacts {
        let reportID: String?
        let verifyPath: String?
        let sha256: String?
        let pointCount: Int?
        let at: ConsoleTime?
        /// Why the last attempt failed, while it is not done.
        let lastError: String?

        init(_ notarization: MeasurementNotarization) {
            reportID = notarization.reportID
            verifyPath = notarization.verifyPath
            sha256 = notarization.sha256
            pointCount = notarization.pointCount
            at = notarization.notarizedAt.map { ConsoleTime($0, to: .second) }
            lastError = notarization.notarizedAt == nil ? notarization.lastError : nil
        }
    }

    /// A data id to choose for the plot, with what is stored of it; the first four are chosen.
    private struct DataIDRow {
        let index: Int
        /// The data id as `type:name`, the checkbox's value.
        let value: String
        let name: String
        let type: String
        let pointCount: Int
        /// The elapsed time of its first point.
        let first: String
        /// The elapsed time of its last point.
        let last: String
        let isChecked: Bool

        init(index: Int, summary: TelemetryDataIDSummary) {
            self.index = index
            value = summary.dataID.description
            name = summary.dataID.name
            type = summary.dataID.type
            pointCount = summary.pointCount
            first = TelemetryDisplayText.duration(summary.firstElapsedTime)
            last = TelemetryDisplayText.duration(summary.lastElapsedTime)
            isChecked = index < 4
        }
    }
}
