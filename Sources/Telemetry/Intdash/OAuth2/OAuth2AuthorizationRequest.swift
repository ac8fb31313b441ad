import Accounts
import HTTPSupport

/// An authorization request (RFC 6749 §4.1.1 with PKCE, RFC 7636 §4.3), checked in the order
/// RFC 6749 §4.1.2.1 asks for.
///
/// The client and its redirect URI are checked first: when either is wrong nobody can tell
/// where the browser should go back to, so the person sees an error page
/// (``Rejection/page(_:)``) and is never sent to an address the client did not register.
/// The page repeats nothing of the request but the registered client's name, so that a
/// crafted link cannot put its own words on this server's page.
///
/// Once the redirect URI is known to be the client's, every other problem goes back to the
/// client as `error=…&state=…` on that URI (``Rejection/redirect(_:)``).
///
/// The parameters travel unchanged through the sign-in and consent forms as hidden fields,
/// and each form submission is checked again from scratch.
struct OAuth2AuthorizationRequest: Sendable {
    /// Why a request cannot go on.
    enum Rejection: Error, Sendable {
        /// The client or the redirect URI is wrong: show this sentence on an error page.
        case page(String)
        /// Anything else: send the browser back to the client with this error.
        case redirect(OAuth2AuthorizationRedirect)
    }

    /// The registered client that asks.
    let client: OAuth2Client
    /// Where the answer goes: one of the client's registered redirect URIs.
    let redirectURI: String
    /// The client's opaque value, returned with the answer; `nil` when it sent none.
    let state: String?
    /// The PKCE challenge, BASE64URL(SHA256(code_verifier)).
    let codeChallenge: String
    /// The scope asked for, as sent; `nil` for none.
    let scope: String?
    /// Whether the client asked for the person to sign in again (`prompt=login`) even when the
    /// browser has a sign-in session.
    let forcesSignIn: Bool

    /// The parameters of a request; none may be sent more than once (RFC 6749 §3.1).
    static let parameterNames = ["client_id", "response_type", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope", "prompt"]

    /// Checks the request made of `parameters` (the query of a GET or the fields of a form).
    ///
    /// - Throws: ``Rejection``.
    static func checked(_ parameters: FormEncodedQuery, server: OAuth2AuthorizationServer) async throws -> OAuth2AuthorizationRequest {
        for name in ["client_id", "redirect_uri"] where parameters.all(name).count > 1 {
            throw Rejection.page("The parameter \(name) is repeated.")
        }
        guard let clientID = parameters["client_id"], !clientID.isEmpty else {
            throw Rejection.page("The request does not name the application (client_id is missing).")
        }
        guard let client = try await server.clients.client(id: clientID) else {
            throw Rejection.page("No application with this client id is registered on this server.")
        }
        let redirectURI: String
        if let given = parameters["redirect_uri"] {
            guard client.redirectURIs.contains(given) else {
                throw Rejection.page("The address to return to is not one registered for \(client.name), so this server will not send you there.")
            }
            redirectURI = given
        } else {
            // RFC 6749 §3.1.2.3: the parameter may be left out when exactly one URI is registered.
            guard client.redirectURIs.count == 1 else {
                throw Rejection.page("The request does not say where to return to (redirect_uri is missing).")
            }
            redirectURI = client.redirectURIs[0]
        }
        let state = parameters["state"]
        func refuse(_ code: String, _ description: String) -> Rejection {
            .redirect(.error(code: code, description: description, state: state, to: redirectURI))
        }
        if let repeated = parameterNames.first(where: { parameters.all($0).count > 1 }) {
            throw refuse("invalid_request", "the parameter \(repeated) is repeated")
        }
        guard parameters["response_type"] == "code" else {
            throw refuse("unsupported_response_type", "response_type must be code")
        }
        guard let codeChallenge = parameters["code_challenge"], !codeChallenge.isEmpty else {
            throw refuse("invalid_request", "code_challenge is required: PKCE with S256")
        }
        guard parameters["code_challenge_method"] == PKCE.method else {
            throw refuse("invalid_request", "code_challenge_method must be S256")
        }
        guard PKCE.isValidChallenge(codeChallenge) else {
            throw refuse("invalid_request", "code_challenge must be BASE64URL(SHA256(code_verifier)), 43 characters")
        }
        let scope = parameters["scope"]
        do {
            _ = try OAuth2Scope(parsing: scope)
        } catch let error as OAuth2Error {
            throw refuse(error.code.rawValue, error.description)
        }
        let prompts = (parameters["prompt"] ?? "").split(separator: " ")
        return OAuth2AuthorizationRequest(
            client: client, redirectURI: redirectURI, state: state, codeChallenge: codeChallenge, scope: scope,
            forcesSignIn: prompts.contains("login")
        )
    }

    /// The request's parameters as they are to be repeated in a form or a link; with
    /// `keepingPrompt` false, without `prompt`, for the step after the person signed in.
    func parameters(keepingPrompt: Bool) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [
            ("client_id", client.id), ("response_type", "code"), ("redirect_uri", redirectURI),
        ]
        if let state { items.append(("state", state)) }
        items.append(("code_challenge", codeChallenge))
        items.append(("code_challenge_method", PKCE.method))
        if let scope { items.append(("scope", scope)) }
        if keepingPrompt, forcesSignIn { items.append(("prompt", "login")) }
        return items
    }
}
