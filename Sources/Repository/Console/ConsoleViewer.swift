import Accounts
import HTTPSupport
import Hummingbird

/// Who a console page is for: the signed-in person's name, and the form token of their browser
/// session when they signed in with the form (the header then offers *Sign out*).
struct ConsoleViewer: Sendable {
    /// The person's user name.
    let name: String
    /// The session's form token; `nil` for other credentials (HTTP Basic, tokens, keys).
    let signOutFormToken: String?

    /// The viewer of `request`, signed in as `principal`: by the browser session when the
    /// principal holds an access token and the request carries no other credentials.
    init(_ principal: Principal, request: Request) {
        name = principal.userName
        let bySession = principal.credential == .accessToken && request.headers[.authorization] == nil
        signOutFormToken = bySession ? BrowserSession.formToken(of: request) : nil
    }
}
