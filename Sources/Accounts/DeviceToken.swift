/// A token bound to one user, application and device, as Nuxeo's token authentication
/// issues them: asking again from the same device returns the same token until it is revoked.
public struct DeviceToken: Sendable, Hashable {
    /// The token, to send as `X-Authentication-Token`.
    public let token: String
    /// Whether this request created it (`false` when an existing token was returned).
    public let isNew: Bool
}
