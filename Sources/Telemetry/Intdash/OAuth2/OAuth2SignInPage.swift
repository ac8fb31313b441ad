import Accounts
import HTTPSupport

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
        let error = message.map { "<p class=\"error\" id=\"error-message\" role=\"alert\">\($0.htmlEscaped)</p>\n" } ?? ""
        return OAuth2PageLayout.document(
            title: "Sign in",
            main: """
                <h1>Sign in to Chancery</h1>
                <p class="lede"><strong id="client-name">\(request.client.name.htmlEscaped)</strong> asks you to sign in with your Chancery account.</p>
                \(error)<form id="sign-in" method="post" action="\(action.htmlEscaped)">
                \(OAuth2FormFields.hidden(request.parameters(keepingPrompt: false), step: "sign-in", formToken: formToken))
                <label for="username">User name</label>
                <input id="username" name="username" type="text" autocomplete="username" autocapitalize="off" spellcheck="false" required value="\((userName ?? "").htmlEscaped)">
                <label for="password">Password</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required>
                <div class="buttons"><button type="submit" id="sign-in-button" class="primary">Sign in</button></div>
                </form>
                """)
    }
}
