import Foundation

/// A short-lived bearer token issued to an authenticated user.
public struct AccessToken: Sendable, Hashable, Codable {
    /// The token to send as `Authorization: Bearer …`. Only its hash is stored.
    public let token: String
    /// The moment after which the token is refused.
    public let expiresAt: Date
}
