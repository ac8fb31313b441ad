import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the requests of a ``NUXSession`` authenticate: something that adds credentials to
/// each HTTP request before it is sent.
public protocol NUXAuthenticator: Sendable {
    /// Whether the authenticator can authenticate requests now, without asking the user for
    /// anything: it has credentials or a token.
    var softAuthentication: Bool { get }

    /// Adds the authenticator's credentials to `request`, typically as headers.
    func prepareRequest(_ request: inout URLRequest)
}
