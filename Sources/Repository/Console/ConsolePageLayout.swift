import HTTPSupport

/// The HTML document every console page shares: the stylesheet from this server, the header
/// with the console's sections and the signed-in user, and the page's `<main>`. No script and
/// nothing inline, so that the pages run under the strict
/// ``ConsoleResponse/contentSecurityPolicy``.
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
        func link(_ label: String, _ href: String, _ linked: Section) -> String {
            let current = section == linked ? " aria-current=\"page\"" : ""
            return "<a href=\"\(href.htmlEscaped)\"\(current)>\(label)</a>"
        }
        let signedIn = user.map { "<span class=\"user\">Signed in as <strong id=\"user\">\($0.htmlEscaped)</strong></span>\n" } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="same-origin">
            <title>\(title.htmlEscaped) · Chancery Repository</title>
            <link rel="stylesheet" href="\(ConsoleLink.stylesheet)">
            </head>
            <body>
            <header class="site">
            <a class="home" href="\(ConsoleLink.browse(path: "/").htmlEscaped)">Chancery Repository</a>
            <nav aria-label="Console">\(link("Browse", ConsoleLink.browse(path: "/"), .browse)) \(link("Query", ConsoleLink.query(), .query))</nav>
            \(signedIn)</header>
            <main>
            \(main)
            </main>
            </body>
            </html>

            """
    }
}
