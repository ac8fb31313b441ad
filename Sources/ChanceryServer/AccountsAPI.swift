import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// Chancery's own account endpoints under `/api/v1`, in Chancery's error format.
///
/// - `GET /api/v1/me`: who the credentials belong to.
/// - `POST /api/v1/tokens`: a bearer access token for the caller, optionally with
///   `{"expires_in": SECONDS}` (60 to 86400, default 3600).
struct AccountsAPI: Sendable {
    let accounts: AccountStore

    static let defaultTokenLifetime = 3600
    static let tokenLifetimes = 60...86_400

    func add(to router: Router<ChanceryRequestContext>) {
        let api = router.group("api/v1")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
        api.get("me") { _, context in
            let principal = try context.requirePrincipal()
            return Me(
                id: principal.userID, name: principal.userName,
                groups: principal.groups.sorted(), credential: principal.credential.rawValue
            )
        }
        api.post("tokens") { request, context in
            let principal = try context.requirePrincipal()
            let lifetime = try await requestedLifetime(request, context: context)
            let token = try await accounts.issueAccessToken(for: principal, lifetime: .seconds(lifetime))
            return EditedResponse(
                status: .created,
                headers: [.cacheControl: "no-store"],
                response: TokenResponse(accessToken: token.token, tokenType: "Bearer", expiresIn: lifetime)
            )
        }
    }

    private func requestedLifetime(_ request: Request, context: ChanceryRequestContext) async throws -> Int {
        let options = try await request.jsonBody(
            as: TokenRequest.self, upTo: context.maxUploadSize,
            invalid: "malformed request body: it must be a JSON object, with expires_in a number of seconds")
        let lifetime = options?.expiresIn ?? Self.defaultTokenLifetime
        guard Self.tokenLifetimes.contains(lifetime) else {
            throw APIError(.badRequest, "expires_in must be between \(Self.tokenLifetimes.lowerBound) and \(Self.tokenLifetimes.upperBound) seconds")
        }
        return lifetime
    }

    struct Me: ResponseEncodable {
        let id: String
        let name: String
        let groups: [String]
        let credential: String
    }

    struct TokenRequest: Decodable {
        let expiresIn: Int?
        enum CodingKeys: String, CodingKey { case expiresIn = "expires_in" }
    }

    struct TokenResponse: ResponseEncodable {
        let accessToken: String
        let tokenType: String
        let expiresIn: Int
        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case tokenType = "token_type"
            case expiresIn = "expires_in"
        }
    }
}
