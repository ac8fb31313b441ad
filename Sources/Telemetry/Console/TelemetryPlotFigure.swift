/// The plot the console's script draws into (`telemetry-plot-figure.mustache`): a `<canvas>`
/// with a status line and a legend.
///
/// The script (``TelemetryConsoleAsset/script``) finds it by its `data-plot` attribute and keeps, on
/// the canvas, `data-points` (how many numeric points are drawn) and `data-counted` (how many
/// points had no number and were only counted), which tests and people can read.
struct TelemetryPlotFigure {
    /// The canvas's accessible label.
    let label: String
    /// Where a measurement's stored points come from (`data-points-url`), for a replay.
    let pointsURL: String?
    /// Where live points stream from (`data-live-url`), for the live view.
    let liveURL: String?
}
