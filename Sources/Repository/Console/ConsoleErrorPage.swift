import HTTPSupport
import HTTPTypes

/// The page a console request ends on when it cannot be served (the shared
/// `console-error-page` template): sign-in required, not allowed, not found, or a bad request
/// with what was wrong.
///
/// Pages for documents the reader may not read, or that do not exist, repeat neither the
/// reference asked for nor the document's path, so that a crafted link cannot put words on
/// this server's page, and a 403 tells nothing about the document beyond its existence.
enum ConsoleErrorPage {
    /// The page for `status`, explaining it with `message` (text) when given.
    static func html(status: HTTPResponse.Status, message: String?) -> String {
        let (title, text): (String, String)
        switch status {
        case .unauthorized:
            (title, text) = (
                "Sign-in required",
                "Sign in with your Chancery user name and password to use the repository: with the form, or when the browser asks."
            )
        case .forbidden:
            (title, text) = ("Not allowed", "You do not have permission to do this with this document.")
        case .notFound:
            (title, text) = ("Not found", "There is no document here. It may have been deleted or moved.")
        default:
            (title, text) = (status.reasonPhrase, message ?? "This request cannot be served.")
        }
        var links = [
            ConsoleErrorMessage.Link("Start again from the root folder", href: ConsoleLink.browse(path: "/")),
            ConsoleErrorMessage.Link("query the repository", href: ConsoleLink.query()),
        ]
        if status == .unauthorized {
            links.insert(
                ConsoleErrorMessage.Link("Sign in with the form", href: BrowserSignInMiddleware.signInLink(returningTo: ConsoleLink.root)), at: 0)
        }
        return ConsolePageLayout.document(
            title: title, section: nil, viewer: nil, template: "console-error-page",
            context: ConsoleErrorMessage(title: title, message: text, links: links))
    }
}
