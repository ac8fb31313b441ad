/// A refusal of the authorization server, in the terms of RFC 6749 §5.2, so that the HTTP
/// layer can answer `{"error": code, "error_description": description}`.
public struct OAuth2Error: Error, Hashable, CustomStringConvertible {
    /// The error codes of RFC 6749 §5.2.
    public enum Code: String, Sendable, Hashable {
        /// A parameter is missing, repeated, malformed or not supported.
        case invalidRequest = "invalid_request"
        /// The client is unknown or its authentication failed (HTTP 401).
        case invalidClient = "invalid_client"
        /// The code or refresh token is invalid, expired, revoked, used, or issued to
        /// another client or for another redirect URI, or the PKCE verifier does not match.
        case invalidGrant = "invalid_grant"
        /// The client may not use this grant type.
        case unauthorizedClient = "unauthorized_client"
        /// The grant type is not one the server supports.
        case unsupportedGrantType = "unsupported_grant_type"
        /// The scope is malformed or exceeds what was granted.
        case invalidScope = "invalid_scope"
    }

    /// The RFC 6749 error code, the `error` member of the answer.
    public let code: Code
    /// What went wrong, for a developer: the `error_description` member of the answer.
    public let description: String

    /// A refusal with `code` and a human-readable `description`.
    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// An `invalid_request` refusal.
    public static func invalidRequest(_ description: String) -> OAuth2Error { OAuth2Error(.invalidRequest, description) }
    /// An `invalid_client` refusal.
    public static func invalidClient(_ description: String) -> OAuth2Error { OAuth2Error(.invalidClient, description) }
    /// An `invalid_grant` refusal.
    public static func invalidGrant(_ description: String) -> OAuth2Error { OAuth2Error(.invalidGrant, description) }
    /// An `unauthorized_client` refusal.
    public static func unauthorizedClient(_ description: String) -> OAuth2Error { OAuth2Error(.unauthorizedClient, description) }
    /// An `unsupported_grant_type` refusal.
    public static func unsupportedGrantType(_ description: String) -> OAuth2Error { OAuth2Error(.unsupportedGrantType, description) }
    /// An `invalid_scope` refusal.
    public static func invalidScope(_ description: String) -> OAuth2Error { OAuth2Error(.invalidScope, description) }
}
