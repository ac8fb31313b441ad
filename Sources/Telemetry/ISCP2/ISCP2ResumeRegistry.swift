import Foundation
import ISCP

/// The upstreams whose connection was lost, kept for their expiry interval so that the same
/// node can resume them on a new connection (specs/intdash.md §1.8).
///
/// An upstream not resumed in time is forgotten and its downstreams are told with
/// ``TelemetryMetadata/upstreamLost(_:)``. One registry serves every connection of an
/// endpoint.
actor ISCP2ResumeRegistry {
    private struct Parked {
        let state: ISCP2UpstreamState
        let parking: UInt64
        let expiry: Task<Void, Never>
    }

    private let broker: TelemetryBroker
    private var parked: [UUID: Parked] = [:]
    private var nextParking: UInt64 = 1

    /// Creates an empty registry that reports lost upstreams to `broker`.
    init(broker: TelemetryBroker) {
        self.broker = broker
    }

    /// How many upstreams wait to be resumed.
    var count: Int { parked.count }

    /// Keeps `state` resumable for its expiry interval.
    func park(_ state: ISCP2UpstreamState) {
        let streamID = state.upstream.streamID
        let parking = nextParking
        nextParking += 1
        let interval = state.expiryInterval
        let expiry = Task { [weak self] in
            try? await Task.sleep(for: interval)
            await self?.expire(streamID, parking: parking)
        }
        parked[streamID]?.expiry.cancel()
        parked[streamID] = Parked(state: state, parking: parking, expiry: expiry)
    }

    /// Takes back the upstream `streamID` for a connection of `nodeID`.
    func resume(_ streamID: UUID, nodeID: String) -> Result<ISCP2UpstreamState, ISCP2Failure> {
        guard let entry = parked[streamID] else {
            return .failure(ISCP2Failure(.streamNotFound, "no upstream \(streamID.uuidString.lowercased()) is waiting to be resumed"))
        }
        guard entry.state.upstream.sourceNodeID == nodeID else {
            return .failure(ISCP2Failure(.nodeIDMismatch, "the upstream \(streamID.uuidString.lowercased()) belongs to another node"))
        }
        entry.expiry.cancel()
        parked[streamID] = nil
        return .success(entry.state)
    }

    private func expire(_ streamID: UUID, parking: UInt64) async {
        guard let entry = parked[streamID], entry.parking == parking else { return }
        parked[streamID] = nil
        let upstream = entry.state.upstream
        await broker.publish(.upstreamLost(upstream), from: upstream.sourceNodeID)
    }
}
