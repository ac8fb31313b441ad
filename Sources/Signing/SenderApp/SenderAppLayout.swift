import HTTPSupport
import HTTPTypes
import Hummingbird

/// What every page of the web app for senders shares: the page skeleton with the app's
/// sections and the *Sign out* button, its stylesheet, its templates and its policy.
enum SenderAppLayout {
    /// The sections of the header.
    enum Section {
        case documents, newDocument
    }

    /// The app's templates (`Sources/Signing/Resources`).
    static let templates = PageTemplates([
        "sender-documents-page": PackageResources.sender_documents_page_mustache,
        "sender-document-page": PackageResources.sender_document_page_mustache,
        "sender-new-document-page": PackageResources.sender_new_document_page_mustache,
        "sender-prepare-page": PackageResources.sender_prepare_page_mustache,
    ])

    /// `prepare-document.js`: the page that places fields.
    static let preparationScript = WebAsset(
        path: SenderAppLink.preparationScript, contentType: "text/javascript; charset=utf-8", bytes: PackageResources.prepare_document_js)

    /// `sender-app.css`: the consoles' shared rules, then the app's own.
    static let stylesheet = WebAsset(
        path: SenderAppLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.sender_app_css
    )

    /// The policy of a page: what it may load.
    enum Policy {
        /// The stylesheet from this server and forms that post to it; no script.
        case standard
        /// Also the page's scripts and pdf.js with its worker from this server, and requests
        /// to it: the page that places fields.
        case preparation

        /// The `Content-Security-Policy` header's value.
        var headerValue: String {
            var policy = ContentSecurityPolicy()
            policy.styles = [ContentSecurityPolicy.sameOrigin]
            policy.formTargets = [ContentSecurityPolicy.sameOrigin]
            if self == .preparation {
                policy.scripts = [ContentSecurityPolicy.sameOrigin]
                policy.workers = [ContentSecurityPolicy.sameOrigin]
                policy.connections = [ContentSecurityPolicy.sameOrigin]
            }
            return policy.headerValue
        }
    }

    private static let skeleton = PageSkeleton(site: "Chancery Signing", home: SenderAppLink.root, stylesheet: SenderAppLink.stylesheet)

    /// A page of `template` rendered with `context`, for the person signed in as `user` with
    /// the session's `formToken`.
    static func page(
        title: String, section: Section?, user: String, formToken: String?, template: String, context: Any, status: HTTPResponse.Status = .ok,
        policy: Policy = .standard
    ) -> Response {
        let html = skeleton.page(
            title: title, script: policy == .preparation ? .module(SenderAppLink.preparationScript) : nil,
            sections: [
                PageSkeleton.Section("Documents", href: SenderAppLink.documents, isCurrent: section == .documents),
                PageSkeleton.Section("New document", href: SenderAppLink.newDocument, isCurrent: section == .newDocument),
            ],
            user: user, signOutFormToken: formToken, main: templates.render(template, context)
        )
        return ConsolePageResponse.page(html, policy: policy.headerValue, status: status)
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
        return ConsolePageResponse.page(html, policy: Policy.standard.headerValue, status: error.status, headers: error.headers)
    }
}
