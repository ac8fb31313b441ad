/// The bounds an iSCP v2 connection holds its peer to, so that no client can make the server
/// wait forever or hold unbounded state.
struct ISCP2Limits: Sendable {
    /// How long a new connection may take to send its `ConnectRequest`.
    var connectTimeout: Duration = .seconds(10)
    /// The shortest time a connected peer may stay silent before it is dropped; the real limit
    /// is three of the peer's ping intervals plus its ping timeout when that is longer (the
    /// official clients ping every 10 s).
    var minimumIdleTimeout: Duration = .seconds(30)
    /// How long the server waits for a peer that sent `Disconnect` to close the socket.
    var closeGracePeriod: Duration = .seconds(2)
    /// How long an ended connection's writer may take to send what is still queued before the
    /// socket is closed under it (a peer that stopped reading would hold it forever).
    var writerGracePeriod: Duration = .seconds(5)
    /// The longest idle limit, whatever ping interval the peer announces.
    var maximumIdleTimeout: Duration = .seconds(600)
    /// The longest time a lost upstream stays resumable (`expiry_interval` is clamped to it).
    var maximumExpiryInterval: Duration = .seconds(3600)
    /// The longest pause between an upstream's acknowledgements (`ack_interval` is clamped to
    /// it).
    var maximumAckInterval: Duration = .seconds(1)
    /// How many upstreams one connection may have open.
    var upstreamsPerConnection = 256
    /// How many downstreams one connection may have open.
    var downstreamsPerConnection = 256
    /// How many lost upstreams, and as many lost downstreams, of one node may wait to be
    /// resumed; beyond it the oldest are given up.
    var parkedStreamsPerNode = 256
    /// How many downstream filters (source nodes) one downstream may have.
    var filtersPerDownstream = 256
    /// How many data filters one downstream may have in all.
    var dataFiltersPerDownstream = 4096

    /// The default limits.
    init() {}

    /// How long a peer that pings every `pingInterval` seconds and waits `pingTimeout` seconds
    /// for a pong may stay silent.
    func idleTimeout(pingInterval: UInt32, pingTimeout: UInt32) -> Duration {
        let announced = Duration.seconds(3 * Int64(pingInterval) + Int64(pingTimeout))
        return min(max(announced, minimumIdleTimeout), maximumIdleTimeout)
    }

    /// `ack_interval` (milliseconds, as iscp-go sends it; the Python client sends 1) as a
    /// duration, clamped to ``maximumAckInterval``.
    func ackInterval(milliseconds: UInt32) -> Duration {
        min(.milliseconds(Int64(milliseconds)), maximumAckInterval)
    }

    /// `expiry_interval` (seconds) as a duration, clamped to ``maximumExpiryInterval``.
    func expiryInterval(seconds: UInt32) -> Duration {
        min(.seconds(Int64(seconds)), maximumExpiryInterval)
    }
}
