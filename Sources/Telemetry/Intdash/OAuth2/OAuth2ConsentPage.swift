import Accounts
import HTTPSupport

/// The page where a signed-in person allows an application to act for them, or refuses.
enum OAuth2ConsentPage {
    /// The page for `request` and the signed-in `userName`.
    ///
    /// - Parameters:
    ///   - action: The path of the authorization endpoint the form posts to.
    ///   - formToken: The CSRF token of the browser's session.
    ///   - switchUserLink: A link to the same request with `prompt=login`.
    static func html(for request: OAuth2AuthorizationRequest, userName: String, action: String, formToken: String, switchUserLink: String) -> String {
        let scopes = request.scope.map { $0.split(separator: " ").map(String.init) } ?? []
        let scopeList =
            scopes.isEmpty
            ? ""
            : """
            <p>It asks for:</p>
            <ul class="scopes" id="scopes">\(scopes.map { "<li><code>\($0.htmlEscaped)</code></li>" }.joined())</ul>

            """
        return OAuth2PageLayout.document(
            title: "Allow access",
            main: """
                <h1>Allow access?</h1>
                <p id="consent-question"><strong id="client-name">\(request.client.name.htmlEscaped)</strong> wants to access your Chancery telemetry data as <strong id="user">\(userName.htmlEscaped)</strong>.</p>
                \(scopeList)<p class="aside">If you allow it, the application acts with your permissions until it signs out. It never sees your password.</p>
                <form id="consent" method="post" action="\(action.htmlEscaped)">
                \(OAuth2FormFields.hidden(request.parameters(keepingPrompt: false), step: "consent", formToken: formToken))
                <div class="buttons">
                <button type="submit" id="allow" name="decision" value="allow" class="primary">Allow</button>
                <button type="submit" id="deny" name="decision" value="deny">Deny</button>
                </div>
                </form>
                <p class="aside">Not \(userName.htmlEscaped)? <a id="switch-user" href="\(switchUserLink.htmlEscaped)">Sign in as someone else</a>.</p>
                """)
    }
}
