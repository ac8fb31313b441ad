/// The HTML document every server page shares (the Notary's verify pages and the Repository's
/// and the Telemetry's consoles): the stylesheet and, optionally, a script from this server, a
/// header with the site's name, its sections and the signed-in person, and the page's `<main>`.
/// Nothing inline, so that the pages run under a strict content security policy
/// (``ConsolePageResponse``). The document is `page.mustache` in HTTPSupport's resources.
public struct PageSkeleton: Sendable {
    /// A header link to one of the site's sections.
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

    /// A script the page loads from this server.
    public enum Script: Sendable {
        /// A classic script at this path, run once the document is parsed.
        case deferred(String)
        /// An ES module at this path.
        case module(String)
    }

    /// The rules every console's stylesheet starts with (`console-base.css`): the page, its
    /// header and navigation, headings, links and focus rings.
    public static let consoleStylesheet: [UInt8] = PackageResources.console_base_css

    /// The site's name, such as `Chancery Repository`, after every page title.
    public let site: String
    /// The path the site's name in the header leads to.
    public let home: String
    /// The path of the stylesheet.
    public let stylesheet: String

    /// Creates the shared parts of a site's pages.
    public init(site: String, home: String, stylesheet: String) {
        self.site = site
        self.home = home
        self.stylesheet = stylesheet
    }

    /// A complete page.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text.
    ///   - script: The page's script, if any.
    ///   - sections: The header links, in order; none for a site without navigation.
    ///   - user: The signed-in person's name, as text; `nil` on pages shown before sign-in.
    ///   - signOutFormToken: For a person signed in with a browser session
    ///     (``BrowserSession``), its form token: the header then holds a *Sign out* button
    ///     (the page's policy must let forms go to this server).
    ///   - main: The HTML of the page's `<main>` element, rendered by a template.
    public func page(
        title: String, script: Script? = nil, sections: [Section] = [], user: String? = nil, signOutFormToken: String? = nil, main: String
    ) -> String {
        var moduleScript: String?
        var deferredScript: String?
        switch script {
        case .module(let path): moduleScript = path
        case .deferred(let path): deferredScript = path
        case nil: break
        }
        let context = Context(
            title: title, site: site, home: home, stylesheet: stylesheet, moduleScript: moduleScript, deferredScript: deferredScript,
            hasSections: !sections.isEmpty, sections: sections, user: user, signOutFormToken: signOutFormToken, main: main
        )
        return Self.templates.render("page", context)
    }

    /// What `page.mustache` reads.
    private struct Context {
        let title: String
        let site: String
        let home: String
        let stylesheet: String
        let moduleScript: String?
        let deferredScript: String?
        let hasSections: Bool
        let sections: [Section]
        let user: String?
        let signOutFormToken: String?
        let main: String
    }

    /// The skeleton's template.
    private static let templates = PageTemplates([:])
}
