import Accounts

/// The page where a signed-in person allows an application to act for them, or refuses.
enum OAuth2ConsentPage {
    /// The page for `request` and the signed-in `userName`.
    ///
    /// - Parameters:
    ///   - action: The path of the authorization endpoint the form posts to.
    ///   - formToken: The CSRF token of the browser's session.
    ///   - switchUserLink: A link to the same request with `prompt=login`.
    static func html(for request: OAuth2AuthorizationRequest, userName: String, action: String, formToken: String, switchUserLink: String) -> String {
        let context = Context(
            clientName: request.client.name, userName: userName,
            scopes: request.scope.map { $0.split(separator: " ").map(String.init) } ?? [], action: action,
            hiddenFields: OAuth2FormFields.hidden(request.parameters(keepingPrompt: false), step: "consent", formToken: formToken),
            switchUserLink: switchUserLink
        )
        return OAuth2PageLayout.document(title: "Allow access", template: "oauth2-consent-page", context: context)
    }

    /// What `oauth2-consent-page.mustache` reads.
    private struct Context {
        let clientName: String
        let userName: String
        /// The scopes the application asks for.
        let scopes: [String]
        let action: String
        let hiddenFields: [OAuth2FormFields.Field]
        let switchUserLink: String
    }
}
