import HTTPSupport

/// The Repository console's stylesheet and uploads' script, the only routes without
/// credentials (they hold no data); their files are in `Sources/Repository/Resources`.
enum ConsoleAsset {
    /// `console.css`: the rules every console shares, then the Repository console's own.
    static let stylesheet = WebAsset(
        path: ConsoleLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.console_css
    )

    /// `upload.js`: sends the chosen files one at a time with their progress.
    static let uploadScript = WebAsset(
        path: ConsoleLink.uploadScript, contentType: "text/javascript; charset=utf-8", bytes: PackageResources.upload_js)
}
