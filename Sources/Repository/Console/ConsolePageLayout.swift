import HTTPSupport

/// The HTML document every Repository console page shares (a ``HTTPSupport/PageSkeleton``;
/// the pages that send files load the uploads' script), under the strict ``ConsoleResponse/contentSecurityPolicy``; each page's
/// `<main>` is a template in `Sources/Repository/Resources`.
enum ConsolePageLayout {
    /// The sections the header links to.
    enum Section {
        /// The folder listings and document pages.
        case browse
        /// The NXQL query page.
        case query
    }

    /// A complete page: the template `name` rendered with `context`.
    ///
    /// - Parameters:
    ///   - title: The page's title, as text.
    ///   - section: The header link to mark as the current section, if any.
    ///   - viewer: Who the page is for; `nil` on pages shown before sign-in.
    ///   - script: The page's script: the uploads' on the pages that send files.
    static func document(
        title: String, section: Section?, viewer: ConsoleViewer?, script: PageSkeleton.Script? = nil, template name: String, context: Any
    ) -> String {
        skeleton.page(
            title: title, script: script,
            sections: [
                PageSkeleton.Section("Browse", href: ConsoleLink.browse(path: "/"), isCurrent: section == .browse),
                PageSkeleton.Section("Query", href: ConsoleLink.query(), isCurrent: section == .query),
            ],
            user: viewer?.name, signOutFormToken: viewer?.signOutFormToken, main: templates.render(name, context)
        )
    }

    /// The parts every page shares.
    private static let skeleton = PageSkeleton(
        site: "Chancery Repository", home: ConsoleLink.browse(path: "/"), stylesheet: ConsoleLink.stylesheet)

    /// The pages' templates and the partials they share.
    static let templates = PageTemplates([
        "acl-table": PackageResources.acl_table_mustache,
        "breadcrumb": PackageResources.breadcrumb_mustache,
        "document-page": PackageResources.document_page_mustache,
        "document-editing": PackageResources.document_editing_mustache,
        "folder-editing": PackageResources.folder_editing_mustache,
        "folder-page": PackageResources.folder_page_mustache,
        "pager": PackageResources.pager_mustache,
        "property-value": PackageResources.property_value_mustache,
        "query-page": PackageResources.query_page_mustache,
        "size": PackageResources.size_mustache,
    ])
}
