/// What the stream managers send iSCP 1.0 elements through: a WebSocket to the iSCP 1.0
/// endpoint (``RealtimeConnection``), or an ``ISCP2Bridge`` that speaks iSCP v2 to the server.
protocol RealtimeChannel: AnyObject, Sendable {
    /// Queues `bytes`, whole iSCP 1.0 elements, to be sent; `false` when the channel is over.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool

    /// Sends what is queued, closes the channel, and waits until it is over.
    func close() async
}
