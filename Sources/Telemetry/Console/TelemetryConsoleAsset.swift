import HTTPSupport

/// The console's stylesheet and plot script, served without credentials so that the pages carry
/// no inline code; their files are in `Sources/Telemetry/Resources`.
enum TelemetryConsoleAsset {
    /// `console.css`: the rules every console shares, then the Telemetry console's own.
    static let stylesheet = WebAsset(
        path: TelemetryConsoleLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.console_css
    )
    /// `console.js`: the plots of a measurement's page and of the live view.
    static let script = WebAsset(path: TelemetryConsoleLink.script, contentType: "text/javascript; charset=utf-8", bytes: PackageResources.console_js)
}
