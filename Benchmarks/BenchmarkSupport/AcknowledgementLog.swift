/// What a persisting device learns from its acknowledgements: when each batch was sent and
/// when the server acknowledged it as stored.
actor AcknowledgementLog {
    private var sentAt: [UInt32: UInt64] = [:]
    /// What the acknowledgements measured so far.
    private(set) var receiver = BrokerReceiver()

    /// A log of nothing sent yet.
    init() {}

    /// Notes that batch `sequence` was sent at `time` (nanoseconds since the workload's start).
    func sent(_ sequence: UInt32, at time: UInt64?) {
        sentAt[sequence] = time
    }

    /// Notes that batch `sequence` of `points` points was acknowledged at `time`.
    func acknowledge(_ sequence: UInt32, points: Int, at time: UInt64) {
        receiver.record(count: points, sentAt: sentAt.removeValue(forKey: sequence), receivedAt: time)
    }
}
