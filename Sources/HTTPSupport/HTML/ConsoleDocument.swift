/// The HTML document every console page shares (the Repository's and the Telemetry's): the
/// stylesheet and, optionally, a script from this server, a header with the console's name,
/// its sections and the signed-in person, and the page's `<main>`. Nothing inline, so that the
/// pages run under a strict content security policy (``ConsolePageResponse``).
public struct ConsoleDocument: Sendable {
    /// A header link to one of the console's sections.
    public struct Section: Sendable {
        /// The link's text.
        public let label: String
        /// The path it leads to.
        public let href: String
        /// Whether the page shown belongs to this section.
        public let isCurrent: Bool

        /// Creates a link.
        public init(_ label: String, href: String, isCurrent: Bool) {
            self.label = label
            self.href = href
            self.isCurrent = isCurrent
        }
    }

    /// The rules every console's stylesheet starts with: the page, its header and navigation,
    /// headings, links and focus rings, and code.
    public static let baseStylesheet = """
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem; color: #1d232a; }
        header.site { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; border-bottom: 1px solid #dde2e7; padding-bottom: .5rem; }
        header.site a.home { color: #4a5561; font-weight: 600; text-decoration: none; }
        header.site nav a { margin-right: 1rem; }
        header.site nav a[aria-current="page"] { font-weight: 600; text-decoration: none; color: #1d232a; }
        header.site .user { margin-left: auto; color: #4a5561; font-size: .9rem; }
        h1 { font-size: 1.75rem; margin: 1rem 0 .25rem; line-height: 1.2; overflow-wrap: anywhere; }
        h2 { font-size: 1.25rem; margin-top: 2rem; }
        a { color: #0b5cad; }
        a:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }

        """

    /// The console's name, such as `Chancery Repository`, after every page title.
    public let name: String
    /// The path the console's name in the header leads to.
    public let home: String
    /// The path of the stylesheet.
    public let stylesheet: String
    /// The path of the script, loaded deferred; `nil` for a console without script.
    public let script: String?

    /// Creates the shared parts of a console's pages.
    public init(name: String, home: String, stylesheet: String, script: String? = nil) {
        self.name = name
        self.home = home
        self.stylesheet = stylesheet
        self.script = script
    }

    /// A complete page.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text (it is escaped here).
    ///   - sections: The header links, in order.
    ///   - user: The signed-in person's name, as text; `nil` on pages shown before sign-in.
    ///   - main: The HTML of the page's `<main>` element; escape any value put in it.
    public func page(title: String, sections: [Section], user: String?, main: String) -> String {
        let links = sections.map { section in
            "<a href=\"\(section.href.htmlEscaped)\"\(section.isCurrent ? " aria-current=\"page\"" : "")>\(section.label.htmlEscaped)</a>"
        }
        let signedIn = user.map { "<span class=\"user\">Signed in as <strong id=\"user\">\($0.htmlEscaped)</strong></span>\n" } ?? ""
        let scriptElement = script.map { "<script src=\"\($0.htmlEscaped)\" defer></script>\n" } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="same-origin">
            <title>\(title.htmlEscaped) · \(name.htmlEscaped)</title>
            <link rel="stylesheet" href="\(stylesheet.htmlEscaped)">
            \(scriptElement)</head>
            <body>
            <header class="site">
            <a class="home" href="\(home.htmlEscaped)">\(name.htmlEscaped)</a>
            <nav aria-label="Console">\(links.joined(separator: " "))</nav>
            \(signedIn)</header>
            <main>
            \(main)
            </main>
            </body>
            </html>

            """
    }
}
