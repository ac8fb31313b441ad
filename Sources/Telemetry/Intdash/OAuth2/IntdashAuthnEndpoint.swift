import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's legacy password sign-in, `POST /intdash/api/v1/authn` with
/// `{"username": …, "password": …}`, answering `{"token": …}`: how intdash-py's
/// `Client(username=…, password=…)` gets the bearer token it sends with every request.
///
/// The token is a Chancery access token valid as long as the OAuth2 access tokens, which the
/// intdash authenticators accept like a JWT. Passwords go through the sign-in throttle.
struct IntdashAuthnEndpoint: Sendable {
    /// The path of the endpoint.
    static let path = "/intdash/api/v1/authn"

    /// The request body.
    struct Credentials: Decodable {
        let username: String
        let password: String
    }

    /// The answer.
    struct Answer: ResponseEncodable {
        let token: String
    }

    /// The password check with its throttle.
    let passwords: OAuth2PasswordSignIn
    /// How long the tokens it gives are valid.
    let lifetime: Duration

    /// Answers one sign-in.
    func respond(to request: Request, context: ChanceryRequestContext) async throws -> Answer {
        let credentials = try await request.decode(as: Credentials.self, context: context)
        switch try await passwords.check(
            userName: credentials.username, password: credentials.password, clientAddress: context.clientAddress
        ) {
        case .signedIn(let principal):
            return Answer(token: try await passwords.accounts.issueAccessToken(for: principal, lifetime: lifetime).token)
        case .refused:
            throw APIError(.unauthorized, "wrong user name or password")
        case .locked(let locked):
            throw locked
        }
    }
}
