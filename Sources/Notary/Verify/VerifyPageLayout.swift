import HTTPSupport

/// The verify pages: each page's `<main>` is a template in `Sources/Notary/Resources`, put in
/// the shared ``HTTPSupport/PageSkeleton`` with the stylesheet and the page's script (an ES
/// module), all from this server; nothing inline, so that the pages run under the strict
/// ``VerifyResponse/contentSecurityPolicy``.
enum VerifyPageLayout {
    /// A complete page: the template `name` rendered with `context`.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text.
    ///   - script: The page's script, if any.
    static func document(title: String, script: WebAsset?, template name: String, context: Any = ()) -> String {
        skeleton.page(title: title, script: script.map { .module($0.path) }, main: templates.render(name, context))
    }

    /// The parts every page shares.
    private static let skeleton = PageSkeleton(site: "Chancery Notary", home: "/verify", stylesheet: VerifyAsset.stylesheet.path)

    /// The pages' templates.
    static let templates = PageTemplates([
        "lookup-page": PackageResources.lookup_page_mustache,
        "missing-report-page": PackageResources.missing_report_page_mustache,
        "report-page": PackageResources.report_page_mustache,
    ])
}
