import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// intdash's OAuth2 endpoints, served at both `/intdash/api/auth/oauth2/…` (the current API)
/// and `/intdash/api/v1/oauth2/…` (the base the intdash Swift SDK 1.x builds its URLs from):
///
/// | route | what it does |
/// |---|---|
/// | `GET, POST …/authorization` | the authorization code flow with PKCE: sign-in and consent pages |
/// | `POST …/token` | the `authorization_code`, `refresh_token`, `client_credentials` and `password` grants |
/// | `POST …/revocation` | revokes a refresh token and its grant |
/// | `GET …/jwks` | the keys that verify the access tokens |
///
/// and intdash-py's password sign-in, `POST /intdash/api/v1/authn` (``IntdashAuthnEndpoint``).
///
/// ```swift
/// let server = OAuth2AuthorizationServer(accounts: accounts, signingKey: try .loadOrCreate(in: keysDirectory), issuer: publicURL)
/// IntdashOAuth2Routes(accounts: accounts, server: server).add(to: router)
/// ```
///
/// Errors of the token and revocation endpoints are RFC 6749 JSON; the authorization
/// endpoint answers people with pages, and applications with redirects.
public struct IntdashOAuth2Routes: Sendable {
    /// The two paths the endpoints are served under.
    public static let mountPoints = ["/intdash/api/auth/oauth2", "/intdash/api/v1/oauth2"]

    /// The authorization endpoint.
    private let authorization: OAuth2AuthorizationEndpoint
    /// The token endpoint.
    private let token: OAuth2TokenEndpoint
    /// The revocation endpoint.
    private let revocation: OAuth2RevocationEndpoint
    /// The legacy password sign-in.
    private let authn: IntdashAuthnEndpoint
    /// The token-signing keys, as JSON.
    private let jsonWebKeySet: JSONWebKeySet

    /// The endpoints of `server`, checking passwords against `accounts`.
    ///
    /// The browser's sign-in session is a cookie signed with a key derived from the server's
    /// signing key (see ``OAuth2BrowserSessionSeal``), so no other key material is needed. The
    /// cookie is `Secure` when the server's issuer is an `https` URL.
    public init(accounts: AccountStore, server: OAuth2AuthorizationServer) {
        let passwords = OAuth2PasswordSignIn(accounts: accounts)
        let seal = OAuth2BrowserSessionSeal(signingKeys: server.keys, secureCookie: server.issuer.lowercased().hasPrefix("https://"))
        authorization = OAuth2AuthorizationEndpoint(server: server, seal: seal, passwords: passwords)
        token = OAuth2TokenEndpoint(server: server, passwords: passwords)
        revocation = OAuth2RevocationEndpoint(server: server)
        authn = IntdashAuthnEndpoint(passwords: passwords, lifetime: server.lifetimes.accessToken)
        jsonWebKeySet = server.jsonWebKeySet
    }

    /// Adds the endpoints under both ``mountPoints``, and the legacy sign-in, to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        for mountPoint in Self.mountPoints {
            let group = router.group(RouterPath(mountPoint))
            group.get("authorization") { request, _ in try await authorization.show(request) }
            group.post("authorization") { request, context in
                try await authorization.submit(request, clientAddress: context.clientAddress)
            }
            group.post("token") { request, context in try await token.respond(to: request, clientAddress: context.clientAddress) }
            group.post("revocation") { request, context in
                try await revocation.respond(to: request, clientAddress: context.clientAddress)
            }
            group.get("jwks") { _, _ in try keySetResponse() }
        }
        router.post(RouterPath(IntdashAuthnEndpoint.path)) { request, context in try await authn.respond(to: request, context: context) }
    }

    /// The JWKS, cacheable for five minutes so that verifiers pick up a new key soon.
    private func keySetResponse() throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(jsonWebKeySet)))
        )
    }
}
