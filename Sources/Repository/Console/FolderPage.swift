import HTTPSupport

/// The page of a folder (the `folder-page` template): the trail up to the root, then a page of
/// the children the reader may see, each with its title (a link into the folder or to the
/// document), type, last change and the size of its main file.
enum FolderPage {
    /// What the page shows.
    struct Context: Sendable {
        /// The trail up to the root.
        let breadcrumb: Breadcrumb
        /// The folder's title.
        let title: String
        /// The folder's type.
        let type: String
        /// The folder's path.
        let path: String
        /// The folder's own page.
        let detailsHref: String
        /// The listing of the folder it is in; `nil` for the root.
        let parentHref: String?
        /// The children on this page.
        let children: [Child]
        /// Why there are no children on this page; `nil` when there are.
        let emptyMessage: String?
        /// The links to the other pages.
        let pager: ConsolePager
        /// Whether the listing is of the children in the trash.
        let showsTrash: Bool
        /// The listing of the children in the trash, or back to the folder's when it shows them.
        let otherListingHref: String
        /// The forms that add to the folder, if the reader may.
        let editing: FolderEditingForms?
    }

    /// One child in the listing.
    struct Child: Sendable {
        /// The child's id.
        let id: String
        /// Its listing if it is a folder, else its page.
        let href: String
        /// Whether it is a folder.
        let isFolder: Bool
        /// Its title.
        let title: String
        /// Its type.
        let type: String
        /// When it last changed.
        let modified: ConsoleTime
        /// The size of its main file, if it has one.
        let size: DisplayText.Size?
    }

    /// The page of `folder` showing `children`.
    ///
    /// - Parameters:
    ///   - repository: Where the documents' types and blobs are looked up.
    ///   - children: The page of children the reader may see, as the repository listed it.
    ///   - paging: The page asked for, for the pager's links.
    ///   - showsTrash: Whether `children` are the ones in the trash.
    ///   - editing: The forms that add to the folder, if the reader may.
    ///   - viewer: Who reads the page.
    static func html(
        folder: Document, children: DocumentPage, paging: ConsolePaging, showsTrash: Bool, editing: FolderEditingForms?, repository: Repository,
        viewer: ConsoleViewer
    ) -> String {
        let rows = children.documents.map { child in
            // What is in the trash opens on its page, where it is restored.
            let isFolder = repository.type(of: child).isFolderish && !showsTrash
            return Child(
                id: child.id, href: isFolder ? ConsoleLink.browse(id: child.id) : ConsoleLink.document(id: child.id), isFolder: isFolder,
                title: child.displayTitle, type: child.type, modified: ConsoleTime(child.modifiedAt, to: .minute),
                size: repository.blob(at: "blobholder:0", of: child).map { DisplayText.Size($0.length) })
        }
        let context = Context(
            breadcrumb: Breadcrumb(path: folder.path), title: folder.displayTitle, type: folder.type, path: folder.path,
            detailsHref: ConsoleLink.document(id: folder.id),
            parentHref: folder.path == "/" ? nil : ConsoleLink.browse(path: folder.parentPath),
            children: rows,
            emptyMessage: rows.isEmpty
                ? (children.totalSize == 0
                    ? (showsTrash ? "Nothing of this folder is in the trash." : "This folder is empty.") : "There is nothing on this page.")
                : nil,
            pager: ConsolePager(of: children, paging: paging) {
                ConsoleLink.browse(id: folder.id, page: $0, pageSize: paging.pageSizeParameter) + (showsTrash ? "&trash=true" : "")
            },
            showsTrash: showsTrash, otherListingHref: showsTrash ? ConsoleLink.browse(id: folder.id) : ConsoleLink.trash(folderID: folder.id),
            editing: editing)
        return ConsolePageLayout.document(
            title: folder.displayTitle, section: .browse, viewer: viewer,
            script: editing?.uploadAction == nil ? nil : .deferred(ConsoleLink.uploadScript),
            template: "folder-page", context: context)
    }
}
