import HTTPSupport
import HTTPTypes

/// The page a console request ends on when it cannot be served (the shared
/// `console-error-page` template): sign-in required, not allowed, not found, or a bad request
/// with what was wrong.
///
/// A 404 does not repeat what was asked for, so that a crafted link cannot put words on this
/// server's page, and says the same for edges and measurements that exist but are someone
/// else's.
enum TelemetryErrorPage {
    /// The page for `status`, explaining it with `message` (text) when given.
    static func html(status: HTTPResponse.Status, message: String?) -> String {
        let (title, text): (String, String)
        switch status {
        case .unauthorized:
            (title, text) = (
                "Sign-in required", "Sign in with your Chancery user name and password to see telemetry: with the form, or when the browser asks."
            )
        case .forbidden:
            (title, text) = ("Not allowed", message ?? "You may not see this.")
        case .notFound:
            (title, text) = ("Not found", "There is no edge or measurement here that you may see.")
        default:
            (title, text) = (status.reasonPhrase, message ?? "This request cannot be served.")
        }
        return TelemetryConsoleLayout.document(
            title: title, section: nil, user: nil, template: "console-error-page",
            context: ConsoleErrorMessage(
                title: title, message: text,
                links: (status == .unauthorized
                    ? [
                        ConsoleErrorMessage.Link(
                            "Sign in with the form", href: BrowserSignInMiddleware.signInLink(returningTo: TelemetryConsoleLink.root))
                    ]
                    : []) + [ConsoleErrorMessage.Link("Back to the telemetry overview", href: TelemetryConsoleLink.root)])
        )
    }
}
