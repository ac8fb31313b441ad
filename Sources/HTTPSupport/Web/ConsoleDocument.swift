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

    /// The rules every console's stylesheet starts with (`console-base.css`): the page, its
    /// header and navigation, headings, links and focus rings.
    public static let baseStylesheet: [UInt8] = PackageResources.console_base_css

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
