/// The page shown instead of a redirect when the request cannot be sent back to the
/// application: an unknown application, an unregistered redirect URI, or a form that did not
/// come from this server's own page.
enum OAuth2ErrorPage {
    /// The page explaining `message` (text).
    static func html(message: String) -> String {
        OAuth2PageLayout.document(title: "Cannot sign in", template: "oauth2-error-page", context: Context(message: message))
    }

    /// What `oauth2-error-page.mustache` reads.
    private struct Context {
        let message: String
    }
}
