import Accounts

/// The page that asks a person for their Chancery user name and password on behalf of an
/// application. It posts to the authorization endpoint itself, with the authorization
/// request repeated in hidden fields.
enum OAuth2SignInPage {
    /// The page for `request`.
    ///
    /// - Parameters:
    ///   - action: The path of the authorization endpoint the form posts to.
    ///   - formToken: The CSRF token of the browser's session.
    ///   - userName: The name to fill in again after a failed attempt.
    ///   - message: What went wrong with the last attempt, as text.
    static func html(for request: OAuth2AuthorizationRequest, action: String, formToken: String, userName: String?, message: String?) -> String {
        let context = Context(
            clientName: request.client.name, message: message, action: action,
            hiddenFields: OAuth2FormFields.hidden(request.parameters(keepingPrompt: false), step: "sign-in", formToken: formToken),
            userName: userName ?? ""
        )
        return OAuth2PageLayout.document(title: "Sign in", template: "oauth2-sign-in-page", context: context)
    }

    /// What `oauth2-sign-in-page.mustache` reads.
    private struct Context {
        let clientName: String
        let message: String?
        let action: String
        let hiddenFields: [OAuth2FormFields.Field]
        let userName: String
    }
}
