import Accounts

extension TelemetryAccess {
    /// The checks of a server: tokens as the intdash API takes them (``IntdashAuthenticators``),
    /// nodes by the catalog's visibility rule (``CatalogScope``).
    ///
    /// A principal may act as a node, and watch it, when the node is the principal itself (an
    /// edge's UUID, a person's user id) or an edge the principal may see: any edge for an
    /// administrator, the edges a person owns. An edge may watch only itself.
    static func catalog(server: OAuth2AuthorizationServer, edges: EdgeStore) -> TelemetryAccess {
        let isNodeOfPrincipal: @Sendable (Principal, String) async throws -> Bool = { principal, nodeID in
            if principal.isAdministrator || principal.userName == nodeID || principal.userID == nodeID { return true }
            do {
                _ = try await edges.edge(uuid: nodeID, scope: CatalogScope(principal))
                return true
            } catch is CatalogError {
                return false
            }
        }
        return TelemetryAccess(
            principal: { token in try await IntdashAuthenticators.principal(forToken: token, server: server) },
            mayActAsNode: isNodeOfPrincipal,
            mayWatchNode: isNodeOfPrincipal
        )
    }
}
