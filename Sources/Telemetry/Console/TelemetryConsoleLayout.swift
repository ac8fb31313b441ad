import HTTPSupport

/// The HTML document every Telemetry console page shares (a ``HTTPSupport/PageSkeleton``
/// with the console's script), under the strict ``TelemetryConsoleResponse/contentSecurityPolicy``;
/// each page's `<main>` is a template of ``TelemetryTemplates``.
enum TelemetryConsoleLayout {
    /// The sections the header links to.
    enum Section {
        /// The edges and recent measurements.
        case overview
        /// The measurement list and measurement pages.
        case measurements
        /// The live view.
        case live
    }

    /// A complete page: the template `name` rendered with `context`.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text.
    ///   - section: The header link to mark as the current section, if any.
    ///   - user: The signed-in person's name, as text; `nil` on pages shown before sign-in.
    static func document(title: String, section: Section?, user: String?, template name: String, context: Any) -> String {
        document.page(
            title: title, script: .deferred(TelemetryConsoleLink.script),
            sections: [
                PageSkeleton.Section("Edges", href: TelemetryConsoleLink.root, isCurrent: section == .overview),
                PageSkeleton.Section("Measurements", href: TelemetryConsoleLink.measurements(), isCurrent: section == .measurements),
                PageSkeleton.Section("Live", href: TelemetryConsoleLink.live, isCurrent: section == .live),
            ],
            user: user, main: TelemetryTemplates.all.render(name, context)
        )
    }

    /// The parts every page shares.
    private static let document = PageSkeleton(
        site: "Chancery Telemetry", home: TelemetryConsoleLink.root, stylesheet: TelemetryConsoleLink.stylesheet)
}
