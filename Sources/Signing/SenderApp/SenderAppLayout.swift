import HTTPSupport
import HTTPTypes
import Hummingbird

/// What every page of the web app for senders shares: the site (``HTTPSupport/SignedInSite``)
/// with its sections, templates and stylesheet, the page script, and the pages' policies.
enum SenderAppLayout {
    /// The sections of the header.
    enum Section {
        case documents, newDocument, templates

        /// The section's link.
        var href: String {
            switch self {
            case .documents: SenderAppLink.documents
            case .newDocument: SenderAppLink.newDocument
            case .templates: SenderAppLink.templates
            }
        }
    }

    /// The policy of a page: what it may load.
    enum Policy {
        /// The stylesheet from this server and forms that post to it; no script.
        case standard
        /// Also the page's scripts and pdf.js with its worker from this server, and requests
        /// to it: the page that places fields.
        case preparation

        /// The `Content-Security-Policy` header's value.
        var headerValue: String {
            var policy = ContentSecurityPolicy.stylesAndForms
            if self == .preparation {
                policy.scripts = [ContentSecurityPolicy.sameOrigin]
                policy.workers = [ContentSecurityPolicy.sameOrigin]
                policy.connections = [ContentSecurityPolicy.sameOrigin]
            }
            return policy.headerValue
        }
    }

    /// `prepare-document.js`: the page that places fields.
    static let preparationScript = WebAsset(
        path: SenderAppLink.preparationScript, contentType: "text/javascript; charset=utf-8", bytes: PackageResources.prepare_document_js)

    /// `sender-app.css`: the consoles' shared rules, then the app's own.
    static let stylesheet = WebAsset(
        path: SenderAppLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.sender_app_css
    )

    /// The app's site: its name, sections and templates (`Sources/Signing/Resources`).
    private static let site = SignedInSite(
        name: "Chancery Signing", home: SenderAppLink.documents, back: "Back to your documents", stylesheet: SenderAppLink.stylesheet,
        sections: [
            SignedInSite.Section("Documents", href: SenderAppLink.documents), SignedInSite.Section("New document", href: SenderAppLink.newDocument),
            SignedInSite.Section("Templates", href: SenderAppLink.templates),
        ],
        templates: PageTemplates([
            "sender-documents-page": PackageResources.sender_documents_page_mustache,
            "sender-document-page": PackageResources.sender_document_page_mustache,
            "sender-new-document-page": PackageResources.sender_new_document_page_mustache,
            "sender-prepare-page": PackageResources.sender_prepare_page_mustache,
            "sender-templates-page": PackageResources.sender_templates_page_mustache,
            "sender-use-template-page": PackageResources.sender_use_template_page_mustache,
        ])
    )

    /// A page of `template` rendered with `context`, for the person signed in as `user` with
    /// the session's `formToken`.
    static func page(
        title: String, section: Section?, user: String, formToken: String?, template: String, context: Any, status: HTTPResponse.Status = .ok,
        policy: Policy = .standard
    ) -> Response {
        site.page(
            title: title, current: section?.href, user: user, formToken: formToken, template: template, context: context,
            policy: policy.headerValue, script: policy == .preparation ? .module(SenderAppLink.preparationScript) : nil, status: status
        )
    }

    /// The page of a request that cannot be served, with what was wrong.
    static func errorPage(_ error: APIError) -> Response {
        site.errorPage(
            error, message: error.status == .notFound ? "There is no document or template here that you may see." : nil,
            policy: Policy.standard.headerValue)
    }
}
