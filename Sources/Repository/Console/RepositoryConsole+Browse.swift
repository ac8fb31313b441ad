import HTTPSupport
import HTTPTypes
import Hummingbird

/// `GET /repository/browse`: a folder's listing.
extension RepositoryConsole {
    /// The listing of the folder `id` or `path` names (the root when neither is given), or
    /// with `trash=true` of its children in the trash; a document that is not a folder
    /// redirects to its page. A person signed in with the browser who may add to the folder
    /// gets the forms that do (``FolderEditingForms``).
    func browse(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (viewer, checker) = try Self.reader(of: request, context: context)
        let parameters = FormEncodedQuery(request.uri.query)
        let reference: DocumentReference
        if let id = parameters["id"], !id.isEmpty {
            reference = .id(id)
        } else {
            reference = .path(DocumentReference.normalized(parameters["path"] ?? "/"))
        }
        let paging = try ConsolePaging(parameters)
        let folder = try await repository.document(reference, for: checker)
        guard repository.type(of: folder).isFolderish, !folder.isVersion else {
            return ConsolePageResponse.redirect(to: ConsoleLink.document(id: folder.id))
        }
        let showsTrash = parameters["trash"] == "true"
        let children =
            showsTrash
            ? try await repository.trashedChildren(of: folder, page: paging.request, for: checker)
            : try await repository.children(of: folder, page: paging.request, for: checker)
        var editing: FolderEditingForms?
        if !showsTrash, let formToken = BrowserSession.formToken(of: request) {
            editing = FolderEditingForms(
                folder, type: repository.type(of: folder), permissions: Set(try await repository.permissions(on: folder, for: checker)),
                formToken: formToken)
        }
        return ConsoleResponse.page(
            FolderPage.html(
                folder: folder, children: children, paging: paging, showsTrash: showsTrash, editing: editing, repository: repository, viewer: viewer))
    }
}
