import HTTPTypes

/// The page a console request ends on when it cannot be served (the `error-page` template):
/// sign-in required, not allowed, not found, or a bad request with what was wrong.
///
/// Pages for documents the reader may not read, or that do not exist, repeat neither the
/// reference asked for nor the document's path, so that a crafted link cannot put words on
/// this server's page, and a 403 tells nothing about the document beyond its existence.
enum ConsoleErrorPage {
    /// What the page shows.
    struct Context: Sendable {
        /// The heading, which is also the page's title.
        let title: String
        /// What went wrong.
        let message: String
        /// The root folder's listing.
        let browseHref = ConsoleLink.browse(path: "/")
        /// The query page.
        let queryHref = ConsoleLink.query()
    }

    /// The page for `status`, explaining it with `message` (text) when given.
    static func html(status: HTTPResponse.Status, message: String?) -> String {
        let context: Context
        switch status {
        case .unauthorized:
            context = Context(title: "Sign-in required", message: "Sign in with your Chancery user name and password to use the repository.")
        case .forbidden:
            context = Context(title: "Not allowed", message: "You do not have permission to read this document.")
        case .notFound:
            context = Context(title: "Not found", message: "There is no document here. It may have been deleted or moved.")
        default:
            context = Context(title: status.reasonPhrase, message: message ?? "This request cannot be served.")
        }
        return ConsolePageLayout.document(title: context.title, section: nil, user: nil, template: "error-page", context: context)
    }
}
