import HTTPSupport

/// The HTML document every Telemetry console page shares (a ``HTTPSupport/ConsoleDocument``
/// with the console's script), under the strict ``TelemetryConsoleResponse/contentSecurityPolicy``.
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

    /// A complete page.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text (it is escaped here).
    ///   - section: The header link to mark as the current section, if any.
    ///   - user: The signed-in person's name, as text; `nil` on pages shown before sign-in.
    ///   - main: The HTML of the page's `<main>` element; escape any value put in it.
    static func document(title: String, section: Section?, user: String?, main: String) -> String {
        document.page(
            title: title,
            sections: [
                ConsoleDocument.Section("Edges", href: TelemetryConsoleLink.root, isCurrent: section == .overview),
                ConsoleDocument.Section("Measurements", href: TelemetryConsoleLink.measurements(), isCurrent: section == .measurements),
                ConsoleDocument.Section("Live", href: TelemetryConsoleLink.live, isCurrent: section == .live),
            ],
            user: user, main: main
        )
    }

    /// The parts every page shares.
    private static let document = ConsoleDocument(
        name: "Chancery Telemetry", home: TelemetryConsoleLink.root, stylesheet: TelemetryConsoleLink.stylesheet, script: TelemetryConsoleLink.script
    )
}
