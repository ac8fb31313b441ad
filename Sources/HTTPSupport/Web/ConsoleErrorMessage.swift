/// What a console's error page says (the shared `console-error-page` template): a heading, which
/// is also the page's title, what went wrong, and where to go from there.
///
/// Each console words its own messages; they never repeat what the request asked for, so that a
/// crafted link cannot put words on this server's page.
public struct ConsoleErrorMessage: Sendable {
    /// A way out of the error.
    public struct Link: Sendable {
        /// The link's text.
        public let label: String
        /// The path it leads to.
        public let href: String

        /// Creates a link.
        public init(_ label: String, href: String) {
            self.label = label
            self.href = href
        }
    }

    /// The heading and title.
    public let title: String
    /// What went wrong, as text.
    public let message: String
    /// Where to go instead, in order (written "A, or B.").
    public let links: [Link]

    /// Creates the message of an error page.
    public init(title: String, message: String, links: [Link]) {
        self.title = title
        self.message = message
        self.links = links
    }
}
