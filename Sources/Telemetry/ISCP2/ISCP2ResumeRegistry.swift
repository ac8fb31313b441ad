import Foundation
import ISCP

/// Every open iSCP v2 stream of one kind of an endpoint, by stream id: attached to a
/// connection, or waiting for its expiry interval to be resumed after its connection was lost
/// (specs/intdash.md §1.8).
///
/// A stream not resumed in time is handed to the registry's expiry action (an upstream is
/// reported lost to its downstreams, a downstream leaves the broker). A resume request for a
/// stream that is still attached — its old connection has not been noticed gone yet — is
/// answered `RESUME_REQUEST_CONFLICT`, which iscp-go answers by trying again. One registry of
/// each kind serves every connection of an endpoint.
///
/// A node may have at most ``maximumParkedPerNode`` streams waiting: parking one more expires
/// its oldest at once, so that a client that keeps opening streams and dropping connections
/// cannot make the server keep (and, for downstreams, buffer for) ever more of them.
actor ISCP2ResumeRegistry<Stream: ISCP2ResumableStream> {
    private enum Entry {
        case attached(Stream)
        case parked(Stream, parking: UInt64, expiry: Task<Void, Never>)
    }

    /// How many streams of one node may wait to be resumed.
    let maximumParkedPerNode: Int
    private let expire: @Sendable (Stream) async -> Void
    /// The clock the expiry intervals run on.
    private let clock: any Clock<Duration>
    private var entries: [UUID: Entry] = [:]
    private var nextParking: UInt64 = 1
    /// The tasks waiting in ``waitUntilParked(_:timeout:)``, by stream id and then waiter id.
    private var parkingWaiters: [UUID: [UInt64: ParkingWaiter]] = [:]
    private var nextWaiter: UInt64 = 1

    /// A task waiting for a stream to be parked.
    private struct ParkingWaiter {
        let continuation: CheckedContinuation<Bool, Never>
        let timer: Task<Void, Never>
    }

    /// Creates an empty registry; `expire` is called with each stream not resumed in time (on
    /// `clock`) or pushed out by newer ones of its node.
    init(
        maximumParkedPerNode: Int, clock: any Clock<Duration> = ContinuousClock(),
        onExpiry expire: @escaping @Sendable (Stream) async -> Void
    ) {
        self.maximumParkedPerNode = max(1, maximumParkedPerNode)
        self.clock = clock
        self.expire = expire
    }

    /// How many streams wait to be resumed.
    var parkedCount: Int {
        entries.values.count { if case .parked = $0 { true } else { false } }
    }

    /// Records a newly opened stream, attached to its connection.
    func register(_ stream: Stream) {
        entries[stream.streamID] = .attached(stream)
    }

    /// Forgets a stream that was closed.
    func remove(_ streamID: UUID) {
        if case .parked(_, _, let expiry) = entries.removeValue(forKey: streamID) { expiry.cancel() }
    }

    /// Keeps `stream`, whose connection was lost, resumable for its expiry interval.
    func park(_ stream: Stream) {
        let streamID = stream.streamID
        let parking = nextParking
        nextParking += 1
        let interval = stream.expiryInterval
        let expiry = Task { [weak self, clock] in
            do { try await clock.sleep(for: interval) } catch { return }
            await self?.expire(streamID, parking: parking)
        }
        if case .parked(_, _, let earlier) = entries[streamID] { earlier.cancel() }
        entries[streamID] = .parked(stream, parking: parking, expiry: expiry)
        let waiters = parkingWaiters.removeValue(forKey: streamID) ?? [:]
        for waiter in waiters.values {
            waiter.timer.cancel()
            waiter.continuation.resume(returning: true)
        }
        expireOldest(of: stream.ownerNodeID)
    }

    /// Returns `true` once stream `streamID` waits to be resumed (at once when it does now), or
    /// `false` when `timeout` passes first: what a caller awaits instead of asking again and
    /// again while its old connection's end has not been noticed.
    func waitUntilParked(_ streamID: UUID, timeout: Duration = .seconds(30)) async -> Bool {
        if case .parked = entries[streamID] { return true }
        let id = nextWaiter
        nextWaiter += 1
        return await withCheckedContinuation { continuation in
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expireParkingWaiter(id, of: streamID)
            }
            parkingWaiters[streamID, default: [:]][id] = ParkingWaiter(continuation: continuation, timer: timer)
        }
    }

    /// Resumes waiter `id` of stream `streamID` with `false`, if it still waits.
    private func expireParkingWaiter(_ id: UInt64, of streamID: UUID) {
        guard let waiter = parkingWaiters[streamID]?.removeValue(forKey: id) else { return }
        if parkingWaiters[streamID]?.isEmpty == true { parkingWaiters[streamID] = nil }
        waiter.continuation.resume(returning: false)
    }

    /// Expires the oldest waiting streams of `nodeID` while it has more than allowed.
    private func expireOldest(of nodeID: String) {
        var waiting: [(parking: UInt64, streamID: UUID)] = entries.compactMap { streamID, entry in
            guard case .parked(let stream, let parking, _) = entry, stream.ownerNodeID == nodeID else { return nil }
            return (parking, streamID)
        }
        guard waiting.count > maximumParkedPerNode else { return }
        waiting.sort { $0.parking < $1.parking }
        for (_, streamID) in waiting.prefix(waiting.count - maximumParkedPerNode) {
            guard case .parked(let stream, _, let expiry) = entries.removeValue(forKey: streamID) else { continue }
            expiry.cancel()
            Task { [expire] in await expire(stream) }
        }
    }

    /// Takes back the stream whose id a resume request gives as `streamIDBytes` for a
    /// connection of `nodeID` signed in as `userID`; it counts as attached again.
    func resume(_ streamIDBytes: Data, nodeID: String, userID: String) -> Result<Stream, ISCP2Failure> {
        guard let streamID = UUID(iscp2StreamID: streamIDBytes) else {
            return .failure(ISCP2Failure(.streamNotFound, "a stream id has 16 bytes, not \(streamIDBytes.count)"))
        }
        guard let found = waiting(streamID, nodeID: nodeID, userID: userID) else {
            return .failure(ISCP2Failure(.streamNotFound, "no \(Self.name(of: streamID)) is waiting to be resumed"))
        }
        if case .success(let stream) = found, case .parked(_, _, let expiry) = entries[streamID] {
            expiry.cancel()
            entries[streamID] = .attached(stream)
        }
        return found
    }

    /// The waiting stream `streamID`, if a connection of `nodeID` signed in as `userID` may
    /// resume it now, or why it may not; `nil` when this registry does not know it.
    func waiting(_ streamID: UUID, nodeID: String, userID: String) -> Result<Stream, ISCP2Failure>? {
        let name = Self.name(of: streamID)
        switch entries[streamID] {
        case nil:
            return nil
        case .attached(let attached):
            guard attached.mayBeResumed(byNode: nodeID, user: userID) else {
                return .failure(ISCP2Failure(.nodeIDMismatch, "the \(name) belongs to another node"))
            }
            return .failure(ISCP2Failure(.resumeRequestConflict, "the \(name) is still attached to a connection; try again"))
        case .parked(let parked, _, _):
            guard parked.mayBeResumed(byNode: nodeID, user: userID) else {
                return .failure(ISCP2Failure(.nodeIDMismatch, "the \(name) belongs to another node"))
            }
            return .success(parked)
        }
    }

    /// Removes the waiting stream `streamID` for another instance to resume, as
    /// ``waiting(_:nodeID:userID:)`` finds it; its expiry action is not called.
    func handOver(_ streamID: UUID, nodeID: String, userID: String) -> Result<Stream, ISCP2Failure>? {
        let found = waiting(streamID, nodeID: nodeID, userID: userID)
        if case .success = found { remove(streamID) }
        return found
    }

    private static func name(of streamID: UUID) -> String {
        "\(Stream.kind) \(streamID.uuidString.lowercased())"
    }

    private func expire(_ streamID: UUID, parking: UInt64) async {
        guard case .parked(let stream, let parked, _) = entries[streamID], parked == parking else { return }
        entries[streamID] = nil
        await expire(stream)
    }
}

extension ISCP2ResumeRegistry<ISCP2DownstreamState> {
    /// A registry of downstreams whose expiry ends them in `broker`.
    static func downstreams(of broker: TelemetryBroker, limits: ISCP2Limits) -> ISCP2ResumeRegistry<ISCP2DownstreamState> {
        ISCP2ResumeRegistry(maximumParkedPerNode: limits.parkedStreamsPerNode) { state in
            await state.end(leaving: broker)
        }
    }
}
