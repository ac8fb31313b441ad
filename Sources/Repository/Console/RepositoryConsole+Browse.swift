import HTTPSupport
import HTTPTypes
import Hummingbird

/// `GET /repository/browse`: a folder's listing.
extension RepositoryConsole {
    /// The listing of the folder `id` or `path` names (the root when neither is given); a
    /// document that is not a folder redirects to its page.
    func browse(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (user, checker) = try Self.reader(of: context)
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
        let children = try await repository.children(of: folder, page: paging.request, for: checker)
        return ConsoleResponse.page(FolderPage.html(folder: folder, children: children, paging: paging, repository: repository, user: user))
    }
}
