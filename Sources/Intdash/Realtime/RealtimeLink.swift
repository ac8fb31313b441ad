import Foundation
import ISCP
import Locking

/// What the client and its stream managers share about the realtime connection: the
/// connection itself, the request ids and the requests waiting for answers, and the stream
/// ids in use.
///
/// iSCP 1.0 numbers requests and streams with cyclic `u8` counters (spec §2.2); a stream id
/// is never given to an upstream and a downstream at once, as the server refuses that.
final class RealtimeLink: Sendable {
    /// The realtime connection is not open.
    struct NotConnected: Error, CustomStringConvertible {
        var description: String { "the client is not connected to the realtime endpoint" }
    }

    /// The server did not answer a request in time.
    struct RequestTimeout: Error, CustomStringConvertible {
        let description: String
    }

    /// A request waiting for its answer.
    private struct PendingRequest: Sendable {
        /// The element type of the answer.
        let answerType: ISCP1ElementType
        /// Resumed with the answer.
        let continuation: CheckedContinuation<ISCP1Element, any Error>
    }

    private struct State: Sendable {
        var connection: (any RealtimeChannel)?
        var nextRequestID: UInt8 = 0
        var pending: [UInt8: PendingRequest] = [:]
        var nextStreamID: UInt8 = 1
        var streamIDsInUse: Set<UInt8> = []
    }

    /// How long a request waits for its answer, in seconds.
    let requestTimeout: TimeInterval = 10

    private let state = LockedValue(State())

    /// Makes `connection` the one requests and units go through.
    func attach(_ connection: any RealtimeChannel) {
        state.withLock { $0.connection = connection }
    }

    /// Forgets the connection, if it is still `connection` (or any, when `nil`), and fails the
    /// requests waiting for answers on it.
    @discardableResult
    func detach(_ connection: (any RealtimeChannel)? = nil) -> (any RealtimeChannel)? {
        let (detached, pending) = state.withLock { state -> ((any RealtimeChannel)?, [PendingRequest]) in
            guard let current = state.connection, connection == nil || current === connection else { return (nil, []) }
            state.connection = nil
            defer { state.pending = [:] }
            return (current, Array(state.pending.values))
        }
        for request in pending { request.continuation.resume(throwing: NotConnected()) }
        return detached
    }

    /// Sends `bytes` (whole elements); `false` when no connection is open.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard let connection = state.withLock({ $0.connection }) else { return false }
        return connection.send(bytes)
    }

    /// Sends the request `make` builds with a fresh request id, and returns the answer of type
    /// `answerType` with that id.
    func request(answerType: ISCP1ElementType, _ make: @Sendable (UInt8) -> ISCP1Element) async throws -> ISCP1Element {
        let timeout = requestTimeout
        let requestID = state.withLock { state -> UInt8 in
            defer { state.nextRequestID &+= 1 }
            return state.nextRequestID
        }
        let bytes = try IntdashPacketHelper.encodedElements([make(requestID)])
        let timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            guard !Task.isCancelled else { return }
            self?.fail(requestID, with: RequestTimeout(description: "no answer to iSCP 1.0 request \(requestID) within \(timeout) s"))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let connection = state.withLock { state -> (any RealtimeChannel)? in
                guard let connection = state.connection else { return nil }
                state.pending[requestID] = PendingRequest(answerType: answerType, continuation: continuation)
                return connection
            }
            guard let connection else {
                continuation.resume(throwing: NotConnected())
                return
            }
            connection.send(bytes)
        }
    }

    /// Hands `element`, an answer to request `requestID`, to the request waiting for it;
    /// an answer nobody waits for is dropped.
    func answer(_ requestID: UInt8, with element: ISCP1Element) {
        let request = state.withLock { state -> PendingRequest? in
            guard let request = state.pending[requestID], request.answerType == element.elementType else { return nil }
            state.pending[requestID] = nil
            return request
        }
        request?.continuation.resume(returning: element)
    }

    /// Fails request `requestID` with `error`, if it still waits.
    private func fail(_ requestID: UInt8, with error: any Error) {
        let request = state.withLock { $0.pending.removeValue(forKey: requestID) }
        request?.continuation.resume(throwing: error)
    }

    /// A stream id no open stream uses, counting from 1 and wrapping after 255.
    func allocateStreamID() -> UInt8? {
        state.withLock { state in
            for _ in 0..<255 {
                let candidate = state.nextStreamID
                state.nextStreamID = candidate == 255 ? 1 : candidate + 1
                if !state.streamIDsInUse.contains(candidate) {
                    state.streamIDsInUse.insert(candidate)
                    return candidate
                }
            }
            return nil
        }
    }

    /// Makes `streamID` available again.
    func releaseStreamID(_ streamID: UInt8) {
        _ = state.withLock { $0.streamIDsInUse.remove(streamID) }
    }
}

extension IntdashPacketHelper {
    /// `elements` back to back.
    static func encodedElements(_ elements: [ISCP1Element]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for element in elements { try encode(element, into: &bytes) }
        return bytes
    }
}
