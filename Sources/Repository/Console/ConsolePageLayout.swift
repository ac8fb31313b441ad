import HTTPSupport

/// The HTML document every Repository console page shares (a ``HTTPSupport/ConsoleDocument``
/// without script), under the strict ``ConsoleResponse/contentSecurityPolicy``.
enum ConsolePageLayout {
    /// The sections the header links to.
    enum Section {
        /// The folder listings and document pages.
        case browse
        /// The NXQL query page.
        case query
    }

    /// A complete page.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text (it is escaped here).
    ///   - section: The header link to mark as the current section, if any.
    ///   - user: The signed-in user's name, as text; `nil` on pages shown before sign-in.
    ///   - main: The HTML of the page's `<main>` element; escape any value put in it.
    static func document(title: String, section: Section?, user: String?, main: String) -> String {
        document.page(
            title: title,
            sections: [
                ConsoleDocument.Section("Browse", href: ConsoleLink.browse(path: "/"), isCurrent: section == .browse),
                ConsoleDocument.Section("Query", href: ConsoleLink.query(), isCurrent: section == .query),
            ],
            user: user, main: main
        )
    }

    /// The parts every page shares.
    private static let document = ConsoleDocument(
        name: "Chancery Repository", home: ConsoleLink.browse(path: "/"), stylesheet: ConsoleLink.stylesheet)
}
