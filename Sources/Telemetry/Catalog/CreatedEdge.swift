/// A new device edge together with its OAuth2 client secret, which is shown here once and
/// stored only as a hash.
public struct CreatedEdge: Sendable {
    /// The edge.
    public let edge: Edge
    /// The secret of the edge's OAuth2 confidential client (`client_id` = the edge's UUID).
    public let clientSecret: String
}
