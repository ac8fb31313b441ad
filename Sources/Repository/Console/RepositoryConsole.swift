import Accounts
import HTTPSupport
import Hummingbird

/// The Repository console: web pages, rendered on the server, for a person to browse the
/// document tree, read documents and their ACLs, download their files and run NXQL queries.
///
/// - `GET /repository`: redirects to the root folder's listing.
/// - `GET /repository/browse?path=/a/b` or `?id=…` (`&page=2&pageSize=50`): a folder's children
///   (``FolderPage``); a document that is not a folder redirects to its page; no path or id
///   means the root.
/// - `GET /repository/document/{id}`: a document's facts, properties and ACL
///   (``DocumentDetailsPage``).
/// - `GET /repository/document/{id}/blob?xpath=file:content`: a blob's bytes as an attachment
///   (``BlobResponse``; `xpath` defaults to the main blob).
/// - `POST /repository/document/{id}/notarize`: notarizes the document's main file (when the
///   server has a Notary) for a person signed in with the browser, with the form token; the
///   page lists each notarization with its verify link (``DocumentNotary``).
/// - `GET /repository/query?q=…` (`&page=…&pageSize=…`): the query form and a page of results
///   (``QueryPage``); an invalid query gets the form back with the reason, as a 400.
/// - any other `GET /repository/…`: the 404 page, once signed in.
/// - `GET /repository/assets/console.css`: the stylesheet, the only route without credentials
///   (it holds no data, and the error pages, the 401 one included, load it).
///
/// Every page takes the browser's sign-in (``HTTPSupport/BrowserSessionAuthenticator``) and the
/// credentials of the Nuxeo API (``NuxeoAPI/authenticators``: HTTP Basic, whose challenge makes
/// browsers ask for a password, device tokens, API keys, bearer tokens), and reads through the ``Repository`` API with the reader's ``AccessChecker``:
/// documents they may not read get the 403 page, listings and results leave out what they
/// may not see. Errors become pages (``HTTPSupport/ConsoleErrorMiddleware``); the pages carry no script
/// and run under a strict content security policy (``ConsoleResponse``).
struct RepositoryConsole: Sendable {
    /// The documents.
    let repository: Repository
    /// The users the credentials are checked against.
    let accounts: AccountStore
    /// Notarizes documents' files, when the server has a Notary.
    let notary: DocumentNotary?

    /// Adds the console's routes to `router`.
    func add(to router: Router<ChanceryRequestContext>) {
        router.add([ConsoleAsset.stylesheet, ConsoleAsset.uploadScript])
        let consoleErrors = ConsoleErrorMiddleware(translating: { ($0 as? RepositoryError)?.apiError }) { error in
            ConsoleResponse.page(ConsoleErrorPage.html(status: error.status, message: error.message), status: error.status, headers: error.headers)
        }
        let pages = router.group(RouterPath(ConsoleLink.root))
            .add(middleware: consoleErrors)
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: [BrowserSessionAuthenticator()] + NuxeoAPI.authenticators))
        pages.get { _, _ in ConsolePageResponse.redirect(to: ConsoleLink.browse(path: "/")) }
        pages.get("browse") { request, context in try await browse(request, context: context) }
        pages.get("document/:id") { request, context in try await document(request, context: context) }
        pages.get("document/:id/blob") { request, context in try await blob(request, context: context) }
        pages.get("query") { request, context in try await query(request, context: context) }
        pages.get("**") { _, _ -> Response in throw APIError(.notFound, "There is no console page here.") }
        // Changes take the browser's sign-in and its form token only: a browser sends HTTP
        // Basic credentials with any site's forms.
        let changes = router.group(RouterPath(ConsoleLink.root))
            .add(middleware: consoleErrors)
            .add(middleware: BrowserSignInMiddleware(accounts: accounts))
        changes.post("document/:id/notarize") { _, context in try await notarize(context: context) }
        addEditing(to: changes)
    }

    /// The reader of `request` and their permission checks.
    static func reader(of request: Request, context: ChanceryRequestContext) throws -> (viewer: ConsoleViewer, checker: AccessChecker) {
        let principal = try context.requirePrincipal()
        return (ConsoleViewer(principal, request: request), AccessChecker(principal: principal))
    }
}
