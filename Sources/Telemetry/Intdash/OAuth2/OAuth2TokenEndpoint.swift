import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// The token endpoint (RFC 6749 §3.2): `POST …/token` with a form, for the grants
///
/// - `authorization_code`: `code`, `code_verifier`, `redirect_uri`, `client_id`
///   (+ the secret of a confidential client);
/// - `refresh_token`: `refresh_token`, `client_id`, optional `scope`; the refresh token
///   rotates;
/// - `client_credentials`: a confidential client's id and secret, in the form or as HTTP
///   Basic; an edge gets a token for its own user;
/// - `password`: `username`, `password`, `client_id`, counted against the user name too. It
///   answers a Chancery access token without a refresh token: the grant is deprecated
///   (RFC 9700 §2.4) and kept only because intdash's API lists it.
///
/// It answers `{access_token, token_type, expires_in, refresh_token?, refresh_token_expires_in?,
/// scope}` or `{error, error_description}`, never cached.
struct OAuth2TokenEndpoint: Sendable {
    /// The authorization server behind the grants.
    let server: OAuth2AuthorizationServer
    /// The password check of the `password` grant.
    let passwords: OAuth2PasswordSignIn

    /// Answers one token request, sent from `clientAddress`.
    func respond(to request: Request, clientAddress: String?) async throws -> Response {
        try await OAuth2ClientFormRequest.respond(to: request, clientAddress: clientAddress, throttle: server.accounts.throttle) { fields, client in
            try OAuth2JSONResponse.success(try await grant(fields, client: client))
        }
    }

    /// The tokens of the grant `fields` ask for.
    private func grant(_ fields: FormEncodedQuery, client: OAuth2ClientAuthentication) async throws -> OAuth2TokenResponse {
        func required(_ name: String) throws -> String {
            guard let value = fields[name], !value.isEmpty else { throw OAuth2Error.invalidRequest("\(name) is required") }
            return value
        }
        switch fields["grant_type"] {
        case "authorization_code":
            return try await server.exchange(
                code: required("code"), redirectURI: required("redirect_uri"), codeVerifier: required("code_verifier"),
                clientID: client.clientID, clientSecret: client.secret
            )
        case "refresh_token":
            return try await server.refresh(
                refreshToken: required("refresh_token"), scope: fields["scope"], clientID: client.clientID, clientSecret: client.secret
            )
        case "client_credentials":
            guard let secret = client.secret else {
                throw OAuth2Error.invalidClient("the client_credentials grant needs the client's secret")
            }
            return try await server.clientCredentials(clientID: client.clientID, clientSecret: secret, scope: fields["scope"])
        case "password":
            return try await passwordGrant(userName: required("username"), password: required("password"), scope: fields["scope"], client: client)
        case nil:
            throw OAuth2Error.invalidRequest("grant_type is required")
        case let other?:
            throw OAuth2Error.unsupportedGrantType(
                "grant_type '\(other)' is not supported: use authorization_code, refresh_token, client_credentials or password"
            )
        }
    }

    /// The `password` grant: an access token of the account store for the user.
    private func passwordGrant(
        userName: String, password: String, scope: String?, client: OAuth2ClientAuthentication
    ) async throws -> OAuth2TokenResponse {
        _ = try await server.authenticateClient(id: client.clientID, secret: client.secret)
        let grantedScope = try OAuth2Scope(parsing: scope).description
        // The address is counted by OAuth2ClientFormRequest, as for every grant.
        switch try await passwords.check(userName: userName, password: password, clientAddress: nil) {
        case .signedIn(let principal):
            let lifetime = server.lifetimes.accessToken
            let token = try await server.accounts.issueAccessToken(for: principal, lifetime: lifetime)
            return OAuth2TokenResponse(
                accessToken: token.token, expiresIn: Int(lifetime.components.seconds), refreshToken: nil, refreshTokenExpiresIn: nil,
                scope: grantedScope
            )
        case .refused:
            throw OAuth2Error.invalidGrant("wrong user name or password")
        case .locked(let locked):
            throw locked
        }
    }
}
