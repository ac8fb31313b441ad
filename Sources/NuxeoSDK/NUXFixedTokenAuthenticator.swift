import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authenticates requests with an authentication token the app already has — from a keychain,
/// a configuration file, an environment variable — kept in memory only.
///
/// ``NUXTokenAuthenticator`` asks the server for a token and keeps it in the user defaults;
/// this one is given the token, and sends it as `X-Authentication-Token` with each request.
///
/// ```swift
/// let token = ProcessInfo.processInfo.environment["NUXEO_TOKEN"]!
/// let session = NUXSession(serverURL: serverURL, authenticator: NUXFixedTokenAuthenticator(token: token))
/// ```
public struct NUXFixedTokenAuthenticator: NUXAuthenticator {
    /// The token.
    public let token: String

    /// An authenticator that sends `token`.
    public init(token: String) {
        self.token = token
    }

    /// Whether there is a token to send.
    public var softAuthentication: Bool { !token.isEmpty }

    /// Sets the `X-Authentication-Token` header.
    public func prepareRequest(_ request: inout URLRequest) {
        request.setValue(token, forHTTPHeaderField: "X-Authentication-Token")
    }
}
