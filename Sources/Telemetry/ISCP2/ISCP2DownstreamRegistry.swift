import Foundation
import ISCP

/// Every open iSCP v2 downstream of an endpoint, by stream id: attached to a connection, or
/// waiting for its expiry interval to be resumed after its connection was lost
/// (specs/intdash.md §1.8).
///
/// A downstream not resumed in time is closed and its broker subscription ended. A resume
/// request for a downstream that is still attached (the old connection has not been noticed
/// dead yet) is answered `RESUME_REQUEST_CONFLICT`, which iscp-go answers by trying again.
actor ISCP2DownstreamRegistry {
    private enum Entry {
        case attached(ISCP2DownstreamState)
        case parked(ISCP2DownstreamState, parking: UInt64, expiry: Task<Void, Never>)

        var state: ISCP2DownstreamState {
            switch self {
            case .attached(let state), .parked(let state, _, _): state
            }
        }
    }

    private let broker: TelemetryBroker
    private var entries: [UUID: Entry] = [:]
    private var nextParking: UInt64 = 1

    /// Creates an empty registry whose expired downstreams leave `broker`.
    init(broker: TelemetryBroker) {
        self.broker = broker
    }

    /// How many downstreams wait to be resumed.
    var parkedCount: Int {
        entries.values.count { if case .parked = $0 { true } else { false } }
    }

    /// Records a newly opened downstream, attached to its connection.
    func register(_ state: ISCP2DownstreamState) {
        entries[state.streamID] = .attached(state)
    }

    /// Forgets a downstream that was closed.
    func remove(_ streamID: UUID) {
        if case .parked(_, _, let expiry) = entries.removeValue(forKey: streamID) { expiry.cancel() }
    }

    /// Keeps a downstream whose connection was lost resumable for its expiry interval.
    func park(_ state: ISCP2DownstreamState) {
        let streamID = state.streamID
        guard entries[streamID] != nil else { return }
        let parking = nextParking
        nextParking += 1
        let interval = state.expiryInterval
        let expiry = Task { [weak self] in
            try? await Task.sleep(for: interval)
            await self?.expire(streamID, parking: parking)
        }
        entries[streamID] = .parked(state, parking: parking, expiry: expiry)
    }

    /// Takes back the downstream `streamID` for a connection of `nodeID` signed in as `userID`;
    /// it counts as attached again.
    func resume(_ streamID: UUID, nodeID: String, userID: String) -> Result<ISCP2DownstreamState, ISCP2Failure> {
        guard let entry = entries[streamID] else {
            return .failure(ISCP2Failure(.streamNotFound, "no downstream \(streamID.uuidString.lowercased()) is waiting to be resumed"))
        }
        let state = entry.state
        guard state.nodeID == nodeID, state.userID == userID else {
            return .failure(ISCP2Failure(.nodeIDMismatch, "the downstream \(streamID.uuidString.lowercased()) belongs to another node"))
        }
        guard case .parked(_, _, let expiry) = entry else {
            return .failure(ISCP2Failure(.resumeRequestConflict, "the downstream \(streamID.uuidString.lowercased()) is still attached to a connection; try again"))
        }
        expiry.cancel()
        entries[streamID] = .attached(state)
        return .success(state)
    }

    private func expire(_ streamID: UUID, parking: UInt64) async {
        guard case .parked(let state, let parked, _) = entries[streamID], parked == parking else { return }
        entries[streamID] = nil
        await state.close()
        await broker.unsubscribe(state.subscriptionID)
    }
}
