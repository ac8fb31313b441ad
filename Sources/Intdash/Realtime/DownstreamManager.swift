import Foundation
import ISCP
import Locking

extension IntdashClient {
    /// Receives data from the server over the client's realtime connection: downstreams of
    /// the units an edge sends (iSCP 1.0, spec §2.3).
    ///
    /// ```swift
    /// let stream = try client.downstreamManager.open(srcEdgeId: edge)
    /// client.downstreamManager.addDelegate(delegate: viewer)
    /// try await client.downstreamManager.sync()
    /// // viewer.downstreamManagerDidParseDataPoints(_:streamId:dataPoints:) gets the data
    /// ```
    public final class DownstreamManager: Sendable {
        /// The state of the manager.
        struct State: Sendable {
            var tag = 0
            var streams: [UInt8: DownstreamStream] = [:]
            var delegates: [WeakReference<any IntdashClientDownstreamManagerDelegate>] = []
        }

        let link: RealtimeLink
        let state = LockedValue(State())

        /// Creates the manager of `link`'s downstreams.
        init(link: RealtimeLink) {
            self.link = link
        }

        /// A number the app may use to tell managers apart.
        public var tag: Int {
            get { state.withLock { $0.tag } }
            set { state.withLock { $0.tag = newValue } }
        }

        /// The stream ids of the downstreams that are not closed.
        public var downstreamIds: [Int] {
            state.withLock { $0.streams.filter { $0.value.phase != .closed }.map { Int($0.key) }.sorted() }
        }

        /// Adds a delegate, held weakly.
        public func addDelegate(delegate: any IntdashClientDownstreamManagerDelegate) {
            state.withLock { $0.delegates.addWeakly(delegate) }
        }

        /// Removes a delegate.
        public func removeDelegate(delegate: any IntdashClientDownstreamManagerDelegate) {
            state.withLock { $0.delegates.removeWeakly(delegate) }
        }

        /// Opens a downstream of the data edge `srcEdgeId` sends, and returns its stream id;
        /// ``sync(removeClosedStream:filters:)`` announces it to the server.
        ///
        /// - Parameter dstEdgeId: The receiving edge, when the data is sent to it explicitly.
        public func open(srcEdgeId: String, dstEdgeId: String? = nil) throws -> Int {
            guard let source = UUID(uuidString: srcEdgeId) else {
                throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: "source edge id '\(srcEdgeId)' is not a UUID")
            }
            let destination = try dstEdgeId.map { id in
                guard let uuid = UUID(uuidString: id) else {
                    throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: "destination edge id '\(id)' is not a UUID")
                }
                return uuid
            }
            guard let streamID = link.allocateStreamID() else {
                throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: "all 255 stream ids are in use")
            }
            let spec = ISCP1DownstreamSpec(streamID: streamID, sourceEdgeUUID: source, destinationEdgeUUID: destination ?? UpstreamManager.nullUUID)
            state.withLock { $0.streams[streamID] = DownstreamStream(spec: spec) }
            return Int(streamID)
        }

        /// Announces the pending downstreams to the server, then sends `filters`.
        ///
        /// - Parameters:
        ///   - removeClosedStream: Whether to forget the closed downstreams first.
        ///   - filters: Which units each stream receives; `nil` leaves the filters as they are
        ///     (everything, for a new stream).
        public func sync(removeClosedStream: Bool = true, filters: RequestFilters? = nil) async throws {
            try await sync(removeClosedStream: removeClosedStream, dataFilters: filters?.filters, problem: filters?.problem)
        }

        /// Announces the pending downstreams and sends `filters`; `completion` gets the errors, if any.
        public func sync(
            removeClosedStream: Bool = true, completion: @escaping @Sendable ([any Error]?) -> Void, filters: RequestFilters? = nil
        ) {
            let (dataFilters, problem) = (filters?.filters, filters?.problem)
            Task {
                do {
                    try await sync(removeClosedStream: removeClosedStream, dataFilters: dataFilters, problem: problem)
                    completion(nil)
                } catch {
                    completion([error])
                }
            }
        }

        /// Announces the pending downstreams, then sends `dataFilters`, unless the filters had
        /// a `problem`.
        private func sync(removeClosedStream: Bool, dataFilters: [UInt8: [ISCP1DataFilter]]?, problem: String?) async throws {
            if removeClosedStream { removeClosedDownstream() }
            if let problem {
                throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: problem)
            }
            let specs = state.withLock { $0.streams.values.filter { $0.phase == .pending }.map(\.spec) }
            if !specs.isEmpty {
                try await requestSpecs(specs)
                state.withLock { state in
                    for spec in specs where state.streams[spec.streamID]?.phase == .pending { state.streams[spec.streamID]?.phase = .open }
                }
            }
            guard let dataFilters, !dataFilters.isEmpty else { return }
            try await requestFilters(dataFilters)
            state.withLock { state in
                for (streamID, filters) in dataFilters { state.streams[streamID]?.dataFilters = filters }
            }
        }

        /// Closes the downstreams `streamIds`.
        public func close(streamIds: [Int]) async throws {
            let specs = state.withLock { state -> [ISCP1DownstreamSpec] in
                streamIds.compactMap { id -> ISCP1DownstreamSpec? in
                    guard let streamID = UInt8(exactly: id), let stream = state.streams[streamID], stream.phase != .closed else { return nil }
                    state.streams[streamID]?.phase = .closed
                    guard stream.phase == .open else { return nil }
                    return ISCP1DownstreamSpec(
                        streamID: streamID, sourceEdgeUUID: UpstreamManager.nullUUID, destinationEdgeUUID: UpstreamManager.nullUUID)
                }
            }
            guard !specs.isEmpty else { return }
            try await requestSpecs(specs)
        }

        /// Closes the downstreams `streamIds`.
        public func close(streamIds: [Int], completion: @escaping @Sendable ((any Error)?) -> Void) {
            runReporting(to: completion) { try await self.close(streamIds: streamIds) }
        }

        /// Closes every downstream and forgets them.
        public func close(completion: @escaping @Sendable ((any Error)?) -> Void) {
            runReporting(to: completion) {
                defer { self.removeClosedDownstream() }
                try await self.close(streamIds: self.downstreamIds)
            }
        }

        /// Forgets the closed downstreams and frees their stream ids.
        public func removeClosedDownstream() {
            let removed = state.withLock { state -> [UInt8] in
                let closed = state.streams.filter { $0.value.phase == .closed }.map(\.key)
                for streamID in closed { state.streams[streamID] = nil }
                return closed
            }
            for streamID in removed { link.releaseStreamID(streamID) }
        }

        /// Forgets every downstream and delegate.
        public func dispose() {
            let streamIDs = state.withLock { state -> [UInt8] in
                defer {
                    state.streams = [:]
                    state.delegates = []
                }
                return Array(state.streams.keys)
            }
            for streamID in streamIDs { link.releaseStreamID(streamID) }
        }

        /// Sends one spec request with `specs`.
        private func requestSpecs(_ specs: [ISCP1DownstreamSpec]) async throws {
            let answer: ISCP1Element
            do {
                answer = try await link.request(answerType: .downstreamSpecResponse) {
                    .downstreamSpecRequest(ISCP1DownstreamSpecRequest(requestID: $0, specs: specs))
                }
            } catch {
                throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: "\(error)")
            }
            guard case .downstreamSpecResponse(let response) = answer, response.resultCode == .ok else {
                throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: "the server refused the downstream spec request")
            }
        }

        /// Sends one filter request with `filters`.
        private func requestFilters(_ filters: [UInt8: [ISCP1DataFilter]]) async throws {
            let streamFilters = filters.sorted { $0.key < $1.key }.map { ISCP1StreamFilter(streamID: $0.key, dataFilters: $0.value) }
            let answer: ISCP1Element
            do {
                answer = try await link.request(answerType: .downstreamFilterResponse) {
                    .downstreamFilterRequest(ISCP1DownstreamFilterRequest(requestID: $0, streamFilters: streamFilters))
                }
            } catch {
                throw IntdashClientDownstreamManagerError(kind: .downstreamSpecIsNotFound, message: "\(error)")
            }
            guard case .downstreamFilterResponse(let response) = answer, response.resultCode == .ok else {
                throw IntdashClientDownstreamManagerError(
                    kind: .downstreamSpecIsNotFound, message: "the server refused the downstream filter request")
            }
        }

        // MARK: Receiving

        /// Turns the units of one message into data points and hands them to the delegates,
        /// stream by stream, in order.
        func receive(_ units: [ISCP1Unit]) {
            guard !units.isEmpty else { return }
            var order: [UInt8] = []
            var byStream: [UInt8: [ISCP1Unit]] = [:]
            for unit in units {
                if byStream[unit.streamID] == nil { order.append(unit.streamID) }
                byStream[unit.streamID, default: []].append(unit)
            }
            let delegates = state.withLock { $0.delegates.compactMap(\.object) }
            for streamID in order {
                var points: [RealtimeDataPoint] = []
                var failures: [IntdashClientDownstreamManagerError] = []
                for unit in byStream[streamID] ?? [] {
                    switch dataPoint(of: unit) {
                    case .success(let point): points.append(point)
                    case .failure(let error): failures.append(error)
                    }
                }
                for delegate in delegates {
                    for failure in failures { delegate.downstreamManagerDidFailToParseDataPoints(self, streamId: Int(streamID), with: failure) }
                    if !points.isEmpty { delegate.downstreamManagerDidParseDataPoints(self, streamId: Int(streamID), dataPoints: points) }
                }
            }
        }

        /// The data point of `unit`; a base time also becomes the stream's base time.
        private func dataPoint(of unit: ISCP1Unit) -> Result<RealtimeDataPoint, IntdashClientDownstreamManagerError> {
            let value: IntdashData
            do {
                value = try IntdashData.decoded(rawDataType: unit.rawDataType, payload: unit.payload)
            } catch {
                return .failure(IntdashClientDownstreamManagerError(kind: .elemUnitParserIsNotFound, message: "\(error)"))
            }
            let elapsed = TimeInterval(unit.elapsedTime.nanoseconds) / 1_000_000_000
            let found = state.withLock { state -> (source: UUID, baseTime: TimeInterval?)? in
                guard let stream = state.streams[unit.streamID] else { return nil }
                if let baseTime = value as? IntdashData.DataBaseTime {
                    state.streams[unit.streamID]?.baseTime = baseTime.value - elapsed
                }
                return (stream.spec.sourceEdgeUUID, state.streams[unit.streamID]?.baseTime)
            }
            guard let found else {
                return .failure(
                    IntdashClientDownstreamManagerError(
                        kind: .downstreamSpecIsNotFound, message: "a unit came on stream \(unit.streamID), which is no downstream"))
            }
            return .success(
                RealtimeDataPoint(
                    time: Date(timeIntervalSince1970: (found.baseTime ?? 0) + elapsed), srcEdgeId: found.source.uuidString.lowercased(),
                    dataType: unit.rawDataType, dataId: value.dataID, data: value.primaryValue, dataModel: value
                )
            )
        }

        // MARK: Reconnection

        /// Marks the open downstreams interrupted.
        func connectionLost() {
            state.withLock { state in
                for (streamID, stream) in state.streams where stream.phase == .open {
                    state.streams[streamID]?.phase = .interrupted
                }
            }
        }

        /// Announces the interrupted downstreams again on the new connection, with their filters.
        func reconnect() async -> Bool {
            let (specs, filters) = state.withLock { state -> ([ISCP1DownstreamSpec], [UInt8: [ISCP1DataFilter]]) in
                let interrupted = state.streams.values.filter { $0.phase == .interrupted }
                var filters: [UInt8: [ISCP1DataFilter]] = [:]
                for stream in interrupted { filters[stream.spec.streamID] = stream.dataFilters }
                return (interrupted.map(\.spec), filters)
            }
            guard !specs.isEmpty else { return true }
            do {
                try await requestSpecs(specs)
                if !filters.isEmpty { try await requestFilters(filters) }
            } catch {
                return false
            }
            state.withLock { state in
                for spec in specs where state.streams[spec.streamID]?.phase == .interrupted { state.streams[spec.streamID]?.phase = .open }
            }
            return true
        }
    }
}
