import HTTPSupport

/// The HTML document every Repository console page shares (a ``HTTPSupport/PageSkeleton``
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
    ///   - title: The page's title, as text.
    ///   - section: The header link to mark as the current section, if any.
    ///   - user: The signed-in user's name, as text; `nil` on pages shown before sign-in.
    ///   - main: The HTML of the page's `<main>` element, rendered by a template.
    static func document(title: String, section: Section?, user: String?, main: String) -> String {
        document.page(
            title: title,
            sections: [
                PageSkeleton.Section("Browse", href: ConsoleLink.browse(path: "/"), isCurrent: section == .browse),
                PageSkeleton.Section("Query", href: ConsoleLink.query(), isCurrent: section == .query),
            ],
            user: user, main: main
        )
    }

    /// The parts every page shares.
    private static let document = PageSkeleton(
        site: "Chancery Repository", home: ConsoleLink.browse(path: "/"), stylesheet: ConsoleLink.stylesheet)
}
