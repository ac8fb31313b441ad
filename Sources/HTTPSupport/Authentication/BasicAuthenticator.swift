import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `Authorization: Basic base64(user:password)`, checked against the user's bcrypt hash.
public struct BasicAuthenticator: Authenticator {
    /// The realm named in the challenge.
    public let realm: String

    /// Creates the authenticator.
    public init(realm: String = "Chancery") {
        self.realm = realm
    }

    public var challenge: String? { "Basic realm=\"\(realm)\", charset=\"UTF-8\"" }

    public func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome {
        guard let encoded = request.headers.authorizationCredentials(scheme: "Basic") else { return .absent }
        guard let data = Data(base64Encoded: encoded), let decoded = String(data: data, encoding: .utf8),
            let colon = decoded.firstIndex(of: ":")
        else { return .rejected(reason: "malformed Basic credentials") }
        let userName = String(decoded[..<colon])
        let password = String(decoded[decoded.index(after: colon)...])
        guard let principal = try await accounts.authenticate(userName: userName, password: password, clientAddress: clientAddress) else {
            return .rejected(reason: "wrong user name or password")
        }
        return .authenticated(principal)
    }
}
