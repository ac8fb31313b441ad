import HTTPSupport

/// The Repository console's stylesheet, the only route without credentials; its file is in
/// `Sources/Repository/Resources`. The console's pages have no script.
enum ConsoleAsset {
    /// `console.css`: the rules every console shares, then the Repository console's own.
    static let stylesheet = WebAsset(
        path: ConsoleLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.console_css
    )
}
