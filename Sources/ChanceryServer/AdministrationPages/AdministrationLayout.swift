import HTTPSupport
import HTTPTypes
import Hummingbird

/// What every administration page shares: the site with its sections, templates and
/// stylesheet, and a policy that allows the stylesheet and forms to this server, no script.
enum AdministrationLayout {
    /// `admin.css`: the consoles' shared rules, then the pages' own.
    static let stylesheet = WebAsset(
        path: AdministrationLink.stylesheet, contentType: "text/css; charset=utf-8",
        bytes: PageSkeleton.consoleStylesheet + PackageResources.admin_css
    )

    /// The pages' policy.
    static let policy = ContentSecurityPolicy.stylesAndForms.headerValue

    private static let site = SignedInSite(
        name: "Chancery Administration", home: AdministrationLink.users, back: "Back to the users", stylesheet: AdministrationLink.stylesheet,
        sections: [
            SignedInSite.Section("Users", href: AdministrationLink.users), SignedInSite.Section("Lock-outs", href: AdministrationLink.lockouts),
            SignedInSite.Section("Edges", href: AdministrationLink.edges),
            SignedInSite.Section("OAuth2 clients", href: AdministrationLink.oauth2Clients),
            SignedInSite.Section("Storage", href: AdministrationLink.storage),
        ],
        templates: PageTemplates([
            "admin-users-page": PackageResources.admin_users_page_mustache,
            "admin-user-page": PackageResources.admin_user_page_mustache,
            "admin-secret-page": PackageResources.admin_secret_page_mustache,
            "admin-lockouts-page": PackageResources.admin_lockouts_page_mustache,
            "admin-edges-page": PackageResources.admin_edges_page_mustache,
            "admin-oauth2-clients-page": PackageResources.admin_oauth2_clients_page_mustache,
            "admin-storage-page": PackageResources.admin_storage_page_mustache,
        ])
    )

    /// The page `template` renders with `context` in the section at `current`.
    static func page(
        title: String, current: String?, user: String, formToken: String?, template: String, context: Any, status: HTTPResponse.Status = .ok
    ) -> Response {
        site.page(
            title: title, current: current, user: user, formToken: formToken, template: template, context: context, policy: policy, status: status)
    }

    /// The page of a request that cannot be served.
    static func errorPage(_ error: APIError) -> Response {
        site.errorPage(error, policy: policy)
    }
}
