import Accounts

/// The identity checks the realtime endpoints make, which the capability backs with the
/// accounts, the OAuth2 server and the edge catalog.
public struct TelemetryAccess: Sendable {
    /// The principal a raw token belongs to (an OAuth2 access token, a Chancery access token or
    /// an API key), or `nil` when it is no valid credential.
    public let principal: @Sendable (_ token: String) async throws -> Principal?
    /// Whether `principal` may connect and send as the node `nodeID` (a lowercase UUID): an
    /// edge only as itself, a person as themselves (their user id) or an edge they own, an
    /// administrator as any node.
    public let mayActAsNode: @Sendable (_ principal: Principal, _ nodeID: String) async throws -> Bool
    /// Whether `principal` may watch what the node `nodeID` sends: the node itself, the owner
    /// of the edge, an administrator.
    public let mayWatchNode: @Sendable (_ principal: Principal, _ nodeID: String) async throws -> Bool

    /// Creates the checks.
    public init(
        principal: @escaping @Sendable (_ token: String) async throws -> Principal?,
        mayActAsNode: @escaping @Sendable (_ principal: Principal, _ nodeID: String) async throws -> Bool,
        mayWatchNode: @escaping @Sendable (_ principal: Principal, _ nodeID: String) async throws -> Bool
    ) {
        self.principal = principal
        self.mayActAsNode = mayActAsNode
        self.mayWatchNode = mayWatchNode
    }
}
