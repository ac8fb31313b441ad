/// The events a downstream brought from the instance that handed it over, to recognise them
/// when this instance's own subscription — made before the handoff, so that nothing falls
/// between the two — brings them again.
///
/// A chunk is recognised by its upstream and sequence number, metadata by its value; each
/// is skipped once, and forgotten then.
struct ISCP2HandedOverEvents: Sendable {
    private struct ChunkKey: Hashable {
        let upstream: TelemetryUpstream
        let sequenceNumber: UInt32
    }

    private var chunks: Set<ChunkKey> = []
    private var metadata: [TelemetryDownstreamEvent: Int] = [:]

    /// Nothing handed over.
    init() {}

    /// The events of a handoff.
    init(_ events: [TelemetryDownstreamEvent]) {
        for event in events {
            switch event {
            case .chunk(let chunk): chunks.insert(ChunkKey(upstream: chunk.upstream, sequenceNumber: chunk.sequenceNumber))
            case .metadata: metadata[event, default: 0] += 1
            }
        }
    }

    /// Whether `event` was handed over and not recognised before; it is forgotten.
    mutating func remove(_ event: TelemetryDownstreamEvent) -> Bool {
        switch event {
        case .chunk(let chunk):
            return chunks.remove(ChunkKey(upstream: chunk.upstream, sequenceNumber: chunk.sequenceNumber)) != nil
        case .metadata:
            guard let count = metadata[event] else { return false }
            metadata[event] = count > 1 ? count - 1 : nil
            return true
        }
    }
}
