import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// The authorization endpoint (RFC 6749 §3.1): `GET` checks the application's request and
/// shows the sign-in page or, for a signed-in browser, the consent page; `POST` takes either
/// form. Allowing issues an authorization code and sends the browser back to the application.
///
/// ```
/// GET  …/authorization?client_id&response_type=code&redirect_uri&state&code_challenge&code_challenge_method=S256
///      → sign-in page (no session, or prompt=login) or consent page
/// POST …/authorization step=sign-in, username, password  → 303 to the GET, now signed in
/// POST …/authorization step=consent, decision=allow|deny → 302 to redirect_uri?code=…&state=…
///                                                          (or ?error=access_denied&state=…)
/// ```
struct OAuth2AuthorizationEndpoint: Sendable {
    /// The authorization server that issues the codes.
    let server: OAuth2AuthorizationServer
    /// The browser's signed session cookie.
    let seal: OAuth2BrowserSessionSeal
    /// The password check with its throttle.
    let passwords: OAuth2PasswordSignIn

    /// `GET`: the sign-in or the consent page for the request in the query.
    func show(_ request: Request, now: Date = Date()) async throws -> Response {
        let authorization: OAuth2AuthorizationRequest
        do {
            authorization = try await OAuth2AuthorizationRequest.checked(FormEncodedQuery(request.uri.query), server: server)
        } catch let rejection as OAuth2AuthorizationRequest.Rejection {
            return Self.response(for: rejection)
        }
        let action = request.uri.path
        guard let session = seal.session(in: request, now: now) else {
            return try signInPage(authorization, session: .new(for: nil, now: now), action: action, newSession: true, now: now)
        }
        if !authorization.forcesSignIn, let user = try await signedInUser(of: session) {
            return consentPage(authorization, user: user, session: session, action: action)
        }
        return try signInPage(authorization, session: session, action: action, newSession: false, now: now)
    }

    /// `POST`: the sign-in form or the consent form, sent from `clientAddress`.
    func submit(_ request: Request, clientAddress: String?, now: Date = Date()) async throws -> Response {
        var request = request
        guard let fields = try await request.formFields() else {
            return Self.errorPage("The form was not sent as a form (application/x-www-form-urlencoded).", status: .unsupportedMediaType)
        }
        let authorization: OAuth2AuthorizationRequest
        do {
            authorization = try await OAuth2AuthorizationRequest.checked(fields, server: server)
        } catch let rejection as OAuth2AuthorizationRequest.Rejection {
            return Self.response(for: rejection)
        }
        let action = request.uri.path
        guard let session = seal.session(in: request, now: now) else {
            return try signInPage(
                authorization, session: .new(for: nil, now: now), action: action, newSession: true, now: now,
                message: "This page was open too long. Sign in again."
            )
        }
        guard seal.isFormToken(fields[OAuth2FormFields.formToken], of: session) else {
            return Self.errorPage("This form did not come from this server's sign-in page in this browser, or it is out of date.", status: .forbidden)
        }
        switch fields[OAuth2FormFields.step] {
        case "sign-in":
            return try await signIn(authorization, fields: fields, session: session, action: action, clientAddress: clientAddress, now: now)
        case "consent":
            return try await decide(authorization, decision: fields["decision"], session: session, action: action, now: now)
        default:
            return Self.errorPage("The form does not say whether it signs in or answers the consent question.", status: .badRequest)
        }
    }

    // MARK: Steps

    /// Checks the password; on success starts a signed-in session (with a new nonce) and
    /// sends the browser to the consent page.
    private func signIn(
        _ authorization: OAuth2AuthorizationRequest, fields: FormEncodedQuery, session: OAuth2BrowserSession, action: String,
        clientAddress: String?, now: Date
    ) async throws -> Response {
        let userName = fields["username"] ?? ""
        let password = fields["password"] ?? ""
        guard !userName.isEmpty, !password.isEmpty else {
            return try signInPage(
                authorization, session: session, action: action, newSession: false, now: now, userName: userName,
                message: "Enter your user name and password.")
        }
        switch try await passwords.check(userName: userName, password: password, clientAddress: clientAddress) {
        case .signedIn(let principal):
            let signedIn = OAuth2BrowserSession.new(for: .init(id: principal.userID, name: principal.userName), now: now)
            let location = action + "?" + Self.query(authorization.parameters(keepingPrompt: false))
            return Response(
                status: .seeOther,
                headers: [
                    .location: location, .cacheControl: "no-store", .setCookie: try seal.cookie(for: signedIn, now: now).description,
                ])
        case .refused:
            return try signInPage(
                authorization, session: session, action: action, newSession: false, now: now, userName: userName,
                message: "Wrong user name or password.")
        case .locked(let locked):
            var page = try signInPage(
                authorization, session: session, action: action, newSession: false, now: now, userName: userName,
                message: locked.sentenceForPeople, status: .tooManyRequests
            )
            page.headers[.retryAfter] = "\(locked.retryAfter)"
            return page
        }
    }

    /// Issues a code and sends the browser back to the application when the person allowed
    /// it, or sends `access_denied` back when they did not.
    private func decide(
        _ authorization: OAuth2AuthorizationRequest, decision: String?, session: OAuth2BrowserSession, action: String, now: Date
    ) async throws -> Response {
        guard let user = try await signedInUser(of: session) else {
            return try signInPage(
                authorization, session: .new(for: nil, now: now), action: action, newSession: true, now: now,
                message: "Your sign-in has ended. Sign in again."
            )
        }
        switch decision {
        case "allow":
            do {
                let code = try await server.issueAuthorizationCode(
                    clientID: authorization.client.id, userID: user.id, redirectURI: authorization.redirectURI,
                    codeChallenge: authorization.codeChallenge, codeChallengeMethod: PKCE.method, scope: authorization.scope, now: now
                )
                return Self.redirect(.code(code, state: authorization.state, to: authorization.redirectURI))
            } catch let error as OAuth2Error {
                return Self.redirect(
                    .error(code: error.code.rawValue, description: error.description, state: authorization.state, to: authorization.redirectURI))
            }
        case "deny":
            return Self.redirect(
                .error(
                    code: "access_denied", description: "\(user.name) did not allow the access", state: authorization.state,
                    to: authorization.redirectURI
                ))
        default:
            return Self.errorPage("The consent form must say allow or deny.", status: .badRequest)
        }
    }

    /// The session's user when it still has that account (same name, same id), else `nil`.
    private func signedInUser(of session: OAuth2BrowserSession) async throws -> OAuth2BrowserSession.SignedInUser? {
        guard let user = session.user, let account = try await server.accounts.user(named: user.name), account.id == user.id else { return nil }
        return user
    }

    // MARK: Pages

    /// The sign-in page, storing `session` in the browser when it is new.
    private func signInPage(
        _ authorization: OAuth2AuthorizationRequest, session: OAuth2BrowserSession, action: String, newSession: Bool, now: Date,
        userName: String? = nil, message: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let html = OAuth2SignInPage.html(
            for: authorization, action: action, formToken: seal.formToken(for: session), userName: userName, message: message)
        let cookies = newSession ? [try seal.cookie(for: session, now: now)] : []
        return OAuth2PageLayout.response(html, status: status, cookies: cookies)
    }

    /// The consent page, whose form may end in a redirect to the application.
    private func consentPage(
        _ authorization: OAuth2AuthorizationRequest, user: OAuth2BrowserSession.SignedInUser, session: OAuth2BrowserSession, action: String
    ) -> Response {
        let switchUserLink = action + "?" + Self.query(authorization.parameters(keepingPrompt: false) + [("prompt", "login")])
        let html = OAuth2ConsentPage.html(
            for: authorization, userName: user.name, action: action, formToken: seal.formToken(for: session), switchUserLink: switchUserLink
        )
        let target = OAuth2AuthorizationRedirect.formActionSource(of: authorization.redirectURI)
        return OAuth2PageLayout.response(html, formTargets: target.map { [$0] } ?? [])
    }

    // MARK: Answers

    /// The answer to a request that cannot go on.
    private static func response(for rejection: OAuth2AuthorizationRequest.Rejection) -> Response {
        switch rejection {
        case .page(let message): errorPage(message, status: .badRequest)
        case .redirect(let redirect): self.redirect(redirect)
        }
    }

    /// The error page with `status`.
    private static func errorPage(_ message: String, status: HTTPResponse.Status) -> Response {
        OAuth2PageLayout.response(OAuth2ErrorPage.html(message: message), status: status)
    }

    /// `302 Found` back to the application.
    private static func redirect(_ redirect: OAuth2AuthorizationRedirect) -> Response {
        Response(status: .found, headers: [.location: redirect.location, .cacheControl: "no-store"])
    }

    /// `items` as a query string.
    private static func query(_ items: [(name: String, value: String)]) -> String {
        FormEncodedQuery.encode(items)
    }
}
