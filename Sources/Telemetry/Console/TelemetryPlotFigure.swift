import HTTPSupport

/// The plot the console's script draws into: a `<canvas>` with a status line and a legend.
///
/// The script (``TelemetryConsoleAsset/script``) finds it by its `data-plot` attribute and keeps, on
/// the canvas, `data-points` (how many numeric points are drawn) and `data-counted` (how many
/// points had no number and were only counted), which tests and people can read.
enum TelemetryPlotFigure {
    /// The figure; `attributes` (HTML, escaped by the caller) tell the script where its points
    /// come from.
    static func html(label: String, attributes: String) -> String {
        """
        <figure class="plot" data-plot \(attributes)>
        <canvas id="plot" width="1100" height="420" data-points="0" data-counted="0" role="img" aria-label="\(label.htmlEscaped)"></canvas>
        <figcaption><span id="plot-status" role="status">No data plotted yet.</span></figcaption>
        <ul class="legend" id="legend"></ul>
        </figure>
        """
    }
}
