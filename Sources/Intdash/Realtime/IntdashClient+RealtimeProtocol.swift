extension IntdashClient {
    /// The protocol of the realtime connection: which server endpoint the client connects to
    /// and what it speaks there. ``UpstreamManager`` and ``DownstreamManager`` work the same
    /// over both.
    public enum RealtimeProtocol: Sendable, Equatable {
        /// iSCP 1.0 (the default, as the original SDK): `{server}/api/v1/ws/measurements`.
        case iscp1
        /// iSCP v2: `{server}/api/iscp/connect?enc=proto`, connected as the node the session's
        /// edge is (`edges/me`) with the session's access token. Sections travel as chunks,
        /// `store` becomes `persist`, and after a reconnection upstreams are resumed. See
        /// ``ISCP2Bridge`` for the mapping.
        case iscp2
    }
}
