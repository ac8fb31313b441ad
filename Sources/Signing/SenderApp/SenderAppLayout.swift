import HTTPSupport
import HTTPTypes
import Hummingbird

/// What every page of the web app for senders shares: the page skeleton with the app's
/// sections and the *Sign out* button, its stylesheet, its templates and its policy.
enum SenderAppLayout {
    /// The sections of the header.
    enum Section {
        case documents
    }

    /// The app's templates (`Sources/Signing/Resources`).
    static let templates = PageTemplates([
        "sender-documents-page": PackageResources.sender_documents_page_mustache,
        "sender-document-page": PackageResources.sender_document_page_mustache,
    ])

    /// `sender-app.css`: the consoles' shared rules, then the app's own.
    static let stylesheet = WebAsset(
        path: SenderAppLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.sender_app_css
    )

    /// The pages' policy: the stylesheet from this server and forms that post to it; no script.
    static let contentSecurityPolicy: String = {
        var policy = ContentSecurityPolicy()
        policy.styles = [ContentSecurityPolicy.sameOrigin]
        policy.formTargets = [ContentSecurityPolicy.sameOrigin]
        return policy.headerValue
    }()

    private static let skeleton = PageSkeleton(site: "Chancery Signing", home: SenderAppLink.root, stylesheet: SenderAppLink.stylesheet)

    /// A page of `template` rendered with `context`, for the person signed in as `user` with
    /// the session's `formToken`.
    static func page(
        title: String, section: Section?, user: String, formToken: String?, template: String, context: Any, status: HTTPResponse.Status = .ok
    ) -> Response {
        let html = skeleton.page(
            title: title, sections: [PageSkeleton.Section("Documents", href: SenderAppLink.documents, isCurrent: section == .documents)],
            user: user, signOutFormToken: formToken, main: templates.render(template, context)
        )
        return ConsolePageResponse.page(html, policy: contentSecurityPolicy, status: status)
    }

    /// The page of a request that cannot be served, with what was wrong.
    static func errorPage(_ error: APIError) -> Response {
        let title = error.status == .notFound ? "Not found" : error.status.reasonPhrase
        let message = error.status == .notFound ? "There is no document here that you may see." : error.message
        let html = skeleton.page(
            title: title,
            main: templates.render(
                "console-error-page",
                ConsoleErrorMessage(
                    title: title, message: message, links: [ConsoleErrorMessage.Link("Back to your documents", href: SenderAppLink.documents)])
            )
        )
        return ConsolePageResponse.page(html, policy: contentSecurityPolicy, status: error.status, headers: error.headers)
    }
}
