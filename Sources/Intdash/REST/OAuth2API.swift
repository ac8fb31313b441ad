import Foundation
import Locking

extension IntdashClient {
    /// Signs a person in with OAuth2 (the authorization code flow with PKCE), renews tokens,
    /// and (an addition to the 1.x SDK) signs a device in with its client credentials.
    ///
    /// The `callbackURLScheme` the sign-in methods take is, as in the intdash SDK document's
    /// sample, the app's whole redirect URI, such as `companyname.appname://oauth2/callback`,
    /// given raw or percent-encoded; see ``redirectURI(callbackURLScheme:)``. Register that
    /// URI for the app: `chancery oauth2 client create --name "My app" --redirect-uri companyname.appname://oauth2/callback`.
    ///
    /// ```swift
    /// let redirectURI = "companyname.appname://oauth2/callback"
    /// let encoded = redirectURI.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
    /// let (url, verifier, state) = try client.oauth2.generateAuthorizationURL(callbackURLScheme: encoded)
    /// // Open `url` in ASWebAuthenticationSession; check that the callback's `state` matches,
    /// // then take its `code`:
    /// let tokens = try await client.oauth2.authenticate(code: code, codeVerifier: verifier, callbackURLScheme: redirectURI)
    /// ```
    ///
    /// Token requests go to `…/api/v1/oauth2/token`, and the tokens end up in the session.
    public final class OAuth2API: Sendable {
        private let holder: SessionHolder

        /// The session the API uses.
        public var session: Session? {
            get { holder.session }
            set { holder.session = newValue }
        }

        /// Creates the API for `session`.
        public init(session: Session?) {
            holder = SessionHolder(session)
        }

        /// The redirect URI that the `callbackURLScheme` argument of the sign-in methods names.
        ///
        /// - A value with a `:` is a redirect URI as it is, such as
        ///   `companyname.appname://oauth2/callback`, and is returned unchanged.
        /// - A value without a `:` that percent-decodes to one with a `:` is an encoded redirect
        ///   URI, such as `companyname.appname%3A%2F%2Foauth2%2Fcallback` (the SDK document's
        ///   sample passes this form to ``generateAuthorizationURL(callbackURLScheme:)``), and
        ///   is returned decoded: both forms name the same URI.
        /// - Any other value is a bare scheme, as Chancery's SDK took it before, such as `myapp`,
        ///   and names `myapp://oauth2/callback`.
        public static func redirectURI(callbackURLScheme value: String) -> String {
            if value.contains(":") { return value }
            if let decoded = value.removingPercentEncoding, decoded.contains(":") { return decoded }
            return "\(value)://oauth2/callback"
        }

        /// A new authorization URL, with the code verifier and state to keep for the callback.
        ///
        /// The URL is `…/api/v1/oauth2/authorization?client_id=…&response_type=code&redirect_uri=…&state=…&code_challenge=…&code_challenge_method=S256&prompt=login`,
        /// where the redirect URI is ``redirectURI(callbackURLScheme:)``, percent-encoded once (the
        /// encoded and raw forms of a URI give the same URL), and the challenge is
        /// `BASE64URL(SHA256(codeVerifier))`.
        ///
        /// - Parameter callbackURLScheme: The app's redirect URI, raw or percent-encoded, or a
        ///   bare scheme; see ``redirectURI(callbackURLScheme:)``.
        public func generateAuthorizationURL(callbackURLScheme: String) throws -> (url: String, codeVerifier: String, state: String) {
            let transport = try holder.transport()
            let pkce = OAuth2PKCE()
            let escape = RESTTransport.escaped
            let url =
                "\(transport.session.baseEndpoint)/oauth2/authorization?client_id=\(escape(transport.session.clientId))"
                + "&response_type=code&redirect_uri=\(escape(Self.redirectURI(callbackURLScheme: callbackURLScheme)))"
                + "&state=\(pkce.state)&code_challenge=\(OAuth2PKCE.codeChallenge(for: pkce.codeVerifier))"
                + "&code_challenge_method=S256&prompt=login"
            return (url, pkce.codeVerifier, pkce.state)
        }

        /// A new authorization URL, code verifier and state, handed to `completion`; see
        /// ``generateAuthorizationURL(callbackURLScheme:)``.
        public func generateAuthorizationURL(
            callbackURLScheme: String, completion: @escaping @Sendable (String?, String?, String?, RESTError?) -> Void
        ) {
            do {
                let (url, verifier, state) = try generateAuthorizationURL(callbackURLScheme: callbackURLScheme)
                completion(url, verifier, state, nil)
            } catch {
                completion(nil, nil, nil, RESTError.wrapping(error))
            }
        }

        /// Exchanges the code of the authorization callback for tokens, which the session keeps.
        ///
        /// - Parameter callbackURLScheme: The redirect URI the authorization URL named, raw or
        ///   percent-encoded, or a bare scheme; the token request's `redirect_uri` is
        ///   ``redirectURI(callbackURLScheme:)`` of it, so it matches the authorization URL's.
        public func authenticate(code: String, codeVerifier: String, callbackURLScheme: String) async throws -> OAuth2AuthenticateResponse {
            try await OAuth2TokenGrant(transport: try holder.transport()).request([
                ("grant_type", "authorization_code"), ("code", code), ("code_verifier", codeVerifier),
                ("redirect_uri", Self.redirectURI(callbackURLScheme: callbackURLScheme)),
            ])
        }

        /// Exchanges the code of the authorization callback for tokens, which the session keeps; see
        /// ``authenticate(code:codeVerifier:callbackURLScheme:)``.
        public func authenticate(
            code: String, codeVerifier: String, callbackURLScheme: String,
            completion: @escaping @Sendable (OAuth2AuthenticateResponse?, RESTError?) -> Void
        ) {
            complete(completion) { try await self.authenticate(code: code, codeVerifier: codeVerifier, callbackURLScheme: callbackURLScheme) }
        }

        /// Gets new tokens with the session's refresh token, and posts ``Session/didRefreshToken``.
        public func refresh() async throws -> OAuth2RefreshResponse {
            let transport = try holder.transport()
            guard let refreshToken = transport.session.refreshToken else {
                throw RESTError(kind: .unauthorized, message: "the session has no refresh token")
            }
            let response = try await OAuth2TokenGrant(transport: transport).request([
                ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
            ])
            NotificationCenter.default.post(name: Session.didRefreshToken, object: transport.session)
            return response
        }

        /// Gets new tokens with the session's refresh token.
        public func refresh(completion: @escaping @Sendable (OAuth2RefreshResponse?, RESTError?) -> Void) {
            complete(completion) { try await self.refresh() }
        }

        /// Signs a device in with its client credentials, the `client_credentials` grant: the
        /// client id is the edge's UUID and the secret the one given when the edge was made.
        /// The session keeps the token and the credentials, and gets a new token with them
        /// when it expires. An addition to the 1.x SDK.
        public func authenticate(clientId: String, clientSecret: String) async throws -> OAuth2AuthenticateResponse {
            let transport = try holder.transport()
            transport.session.state.withLock {
                $0.clientId = clientId
                $0.clientSecret = clientSecret
            }
            return try await OAuth2TokenGrant(transport: transport).request([("grant_type", "client_credentials"), ("client_secret", clientSecret)])
        }

        /// Signs a device in with its client credentials; see ``authenticate(clientId:clientSecret:)``.
        public func authenticate(
            clientId: String, clientSecret: String, completion: @escaping @Sendable (OAuth2AuthenticateResponse?, RESTError?) -> Void
        ) {
            complete(completion) { try await self.authenticate(clientId: clientId, clientSecret: clientSecret) }
        }
    }
}
