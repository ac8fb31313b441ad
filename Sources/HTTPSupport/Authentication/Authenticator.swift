import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// One way a client may prove who it is, such as HTTP Basic or an API key header.
///
/// Each API composes the authenticators its official clients use and hands them to
/// ``AuthenticationMiddleware``.
public protocol Authenticator: Sendable {
    /// Checks the credential of this kind that `request` carries, if it carries one.
    ///
    /// Guessable credentials (passwords, API keys) are checked through the accounts'
    /// ``Accounts/CredentialThrottle`` with `clientAddress`, and throw
    /// ``Accounts/TooManyFailedAttempts`` while it or the user is locked out.
    func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome

    /// The `WWW-Authenticate` challenge that names this scheme, if it has one.
    var challenge: String? { get }
}

/// What an ``Authenticator`` found in a request.
public enum AuthenticationOutcome: Sendable {
    /// The request carries no credential of this kind.
    case absent
    /// The credential is valid and belongs to this principal.
    case authenticated(Principal)
    /// The request carries a credential of this kind, and it is not valid.
    case rejected(reason: String)
}

extension HTTPFields {
    /// The credentials of an `Authorization: SCHEME CREDENTIALS` header whose scheme is
    /// `scheme` (compared without regard to case), or `nil`.
    func authorizationCredentials(scheme: String) -> String? {
        guard let value = self[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == scheme.lowercased() else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
