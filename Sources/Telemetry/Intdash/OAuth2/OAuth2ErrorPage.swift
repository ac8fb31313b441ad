import HTTPSupport

/// The page shown instead of a redirect when the request cannot be sent back to the
/// application: an unknown application, an unregistered redirect URI, or a form that did not
/// come from this server's own page.
enum OAuth2ErrorPage {
    /// The page explaining `message` (text).
    static func html(message: String) -> String {
        OAuth2PageLayout.document(
            title: "Cannot sign in",
            main: """
                <h1>This sign-in request cannot be used</h1>
                <p class="error" id="error-message">\(message.htmlEscaped)</p>
                <p class="aside">Go back to the application and start signing in again. If this keeps happening, tell the application's developer.</p>
                """)
    }
}
