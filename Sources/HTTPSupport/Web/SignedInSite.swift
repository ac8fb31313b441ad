import HTTPTypes
import Hummingbird

/// The pages of a web app a person signs in to with the browser (``BrowserSession``): each in
/// the shared skeleton with the app's sections, the person's name and the *Sign out* button,
/// rendered from the app's templates, under a policy the app chooses; and the app's error page.
public struct SignedInSite: Sendable {
    /// A section of the header.
    public struct Section: Sendable {
        /// The link's text.
        public let label: String
        /// The path it leads to.
        public let href: String

        /// Creates a section.
        public init(_ label: String, href: String) {
            self.label = label
            self.href = href
        }
    }

    private let skeleton: PageSkeleton
    private let sections: [Section]
    private let templates: PageTemplates
    private let home: ConsoleErrorMessage.Link

    /// A site named `name` at `home`, with its `stylesheet`, header `sections` and `templates`;
    /// its error pages lead back to `home` with the words `back`.
    public init(name: String, home: String, back: String, stylesheet: String, sections: [Section], templates: PageTemplates) {
        skeleton = PageSkeleton(site: name, home: home, stylesheet: stylesheet)
        self.sections = sections
        self.templates = templates
        self.home = ConsoleErrorMessage.Link(back, href: home)
    }

    /// The page `template` renders with `context`, for the person signed in as `user`, whose
    /// session has `formToken`; `current` is the href of the section it belongs to.
    public func page(
        title: String, current: String?, user: String, formToken: String?, template: String, context: Any, policy: String,
        script: PageSkeleton.Script? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let html = skeleton.page(
            title: title, script: script,
            sections: sections.map { PageSkeleton.Section($0.label, href: $0.href, isCurrent: $0.href == current) },
            user: user, signOutFormToken: formToken, main: templates.render(template, context)
        )
        return ConsolePageResponse.page(html, policy: policy, status: status)
    }

    /// The page of a request that cannot be served: its status, `message` (text) or the
    /// error's own, and the way home.
    public func errorPage(_ error: APIError, message: String? = nil, policy: String) -> Response {
        let title = error.status == .notFound ? "Not found" : error.status.reasonPhrase
        let html = skeleton.page(
            title: title,
            main: templates.render("console-error-page", ConsoleErrorMessage(title: title, message: message ?? error.message, links: [home]))
        )
        return ConsolePageResponse.page(html, policy: policy, status: error.status, headers: error.headers)
    }
}
