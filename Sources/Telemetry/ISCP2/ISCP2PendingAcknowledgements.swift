import ISCP

/// The results of upstream chunks a connection has handled and not yet acknowledged, gathered
/// into one `UpstreamChunkAck` per upstream.
///
/// A client that sends chunks faster than one at a time gets them acknowledged in runs: the
/// handler gathers the results of the chunks it read back to back and sends them together when
/// it has caught up, at most once per `ack_interval` of their upstreams (specs/intdash.md §1.5
/// allows acks per chunk or batched, meant at most every `ack_interval`). That saves a message,
/// an encoding and a socket write per chunk.
struct ISCP2PendingAcknowledgements {
    /// The acks to send, one per upstream alias, in the order their first results came.
    private var acks: [ISCP2UpstreamChunkAck] = []
    /// The shortest `ack_interval` of the upstreams whose results wait; `nil` when none wait.
    private(set) var shortestInterval: Duration?

    /// How many results wait, over every upstream.
    var resultCount: Int { acks.reduce(0) { $0 + $1.results.count } }

    /// Adds the result of chunk `sequenceNumber` of the upstream with alias `alias`, with the
    /// data-id aliases the server assigned while resolving it; `ackInterval` is how long that
    /// upstream's client lets results wait.
    mutating func add(alias: UInt32, _ result: ISCP2UpstreamChunkResult, newAliases: [UInt32: ISCP2DataID], within ackInterval: Duration) {
        shortestInterval = min(shortestInterval ?? ackInterval, ackInterval)
        if let index = acks.firstIndex(where: { $0.streamIDAlias == alias }) {
            acks[index].results.append(result)
            acks[index].dataIDAliases.merge(newAliases) { _, new in new }
            return
        }
        var ack = ISCP2UpstreamChunkAck()
        ack.streamIDAlias = alias
        ack.results = [result]
        ack.dataIDAliases = newAliases
        acks.append(ack)
    }

    /// The acks gathered so far, and an empty set of pending results.
    mutating func take() -> [ISCP2UpstreamChunkAck] {
        defer {
            acks = []
            shortestInterval = nil
        }
        return acks
    }
}
