import HTTPSupport

/// The page of a folder: the trail up to the root, then a page of the children the reader may
/// see, each with its title (a link into the folder or to the document), type, last change and
/// the size of its main file.
enum FolderPage {
    /// The page of `folder` showing `children`.
    ///
    /// - Parameters:
    ///   - repository: Where the documents' types and blobs are looked up.
    ///   - children: The page of children the reader may see, as the repository listed it.
    ///   - paging: The page asked for, for the pager's links.
    ///   - user: The reader's name.
    static func html(folder: Document, children: DocumentPage, paging: ConsolePaging, repository: Repository, user: String) -> String {
        let rows = children.documents.map { row(for: $0, repository: repository) }.joined(separator: "\n")
        let listing =
            children.documents.isEmpty
            ? "<p class=\"empty\" id=\"empty-folder\">\(children.totalSize == 0 ? "This folder is empty." : "There is nothing on this page.")</p>"
            : """
            <table id="children">
            <caption>Contents</caption>
            <thead><tr><th scope="col">Title</th><th scope="col">Type</th><th scope="col">Modified</th><th scope="col">Size</th></tr></thead>
            <tbody>
            \(rows)
            </tbody>
            </table>
            """
        let pager = paging.navigation(of: children) { ConsoleLink.browse(id: folder.id, page: $0, pageSize: paging.pageSizeParameter) }
        let parent =
            folder.path == "/"
            ? "" : "<li><a id=\"parent-link\" href=\"\(ConsoleLink.browse(path: folder.parentPath).htmlEscaped)\">Up to the parent folder</a></li>"
        return ConsolePageLayout.document(
            title: folder.displayTitle, section: .browse, user: user,
            main: """
                \(Breadcrumb.html(path: folder.path))
                <h1>\(folder.displayTitle.htmlEscaped)</h1>
                <p class="lede">\(folder.type.htmlEscaped) at <code>\(folder.path.htmlEscaped)</code></p>
                <ul class="actions">
                <li><a id="details-link" href="\(ConsoleLink.document(id: folder.id).htmlEscaped)">Details of this folder</a></li>
                \(parent)
                </ul>
                \(listing)
                \(pager)
                """)
    }

    /// The row of one child: folders link to their listing, other documents to their page.
    private static func row(for child: Document, repository: Repository) -> String {
        let isFolder = repository.type(of: child).isFolderish
        let href = isFolder ? ConsoleLink.browse(id: child.id) : ConsoleLink.document(id: child.id)
        let size = repository.blob(at: "blobholder:0", of: child).map { DisplayText.size($0.length) } ?? "<span class=\"empty\">—</span>"
        let kind = isFolder ? " class=\"folder\"" : ""
        return "<tr data-id=\"\(child.id.htmlEscaped)\"><td><a\(kind) href=\"\(href.htmlEscaped)\">\(child.displayTitle.htmlEscaped)</a></td>"
            + "<td>\(child.type.htmlEscaped)</td><td>\(DisplayText.date(child.modifiedAt))</td><td class=\"number\">\(size)</td></tr>"
    }
}
