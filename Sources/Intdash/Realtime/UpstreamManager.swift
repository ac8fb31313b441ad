import Foundation
import ISCP
import Locking

extension IntdashClient {
    /// Sends data to the server over the client's realtime connection: upstreams, cut into
    /// sections the server acknowledges (iSCP 1.0, spec §2.3).
    ///
    /// ```swift
    /// let measurementId = try await client.upstreamManager.requestMeasurementId(edgeUuid: edge)
    /// let stream = try client.upstreamManager.open(measurementId: measurementId, srcEdgeId: edge)
    /// try await client.upstreamManager.sync()
    /// try client.upstreamManager.sendFirstData(Date().timeIntervalSince1970, streamId: stream, channelNum: 1)
    /// try client.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 12.5), elapsedTime: 0.1, streamId: stream)
    /// try client.upstreamManager.sendLastData(streamId: stream)
    /// ```
    ///
    /// A section is the units of one elapsed-time slot of ``defaultSectionUpdateInterval``
    /// (or the stream's own length): it starts with its first unit and ends when a unit of
    /// another slot comes, when it is a section length old by this device's clock, or at the
    /// last data. Its units are kept until the server acknowledges it; a stream opened with a
    /// `retryCount` sends its unacknowledged sections again after a reconnection, up to that
    /// many times each, and the server stores each section once.
    public final class UpstreamManager: Sendable {
        /// How many times a section is sent again after reconnections, unless a stream says: 0.
        public static let defaultRetryCount = 0
        /// How many times a refused spec request is repeated: 5.
        public static let defaultRetryCountOfRequestingSpecs = 5
        /// The length of a section, unless a stream says: 1 second.
        public static let defaultSectionUpdateInterval: TimeInterval = 1

        /// The state of the manager.
        struct State: Sendable {
            var tag = 0
            var streams: [UInt8: UpstreamStream] = [:]
            var delegates: [WeakReference<any IntdashClientUpstreamManagerDelegate>] = []
            var sectionTimer: Task<Void, Never>?
        }

        /// Something that happened to a section, for the delegates.
        enum SectionEvent: Sendable {
            case generated(UpstreamSection, streamID: UInt8)
            case acknowledged(UpstreamSection, streamID: UInt8, success: Bool)
        }

        let link: RealtimeLink
        let state = LockedValue(State())

        /// Creates the manager of `link`'s upstreams.
        init(link: RealtimeLink) {
            self.link = link
        }

        /// A number the app may use to tell managers apart.
        public var tag: Int {
            get { state.withLock { $0.tag } }
            set { state.withLock { $0.tag = newValue } }
        }

        /// The stream ids of the upstreams that are not closed.
        public var upstreamIds: [Int] {
            state.withLock { $0.streams.values.filter { $0.phase != .closed }.map { Int($0.streamID) }.sorted() }
        }

        /// Adds a delegate, held weakly.
        public func addDelegate(delegate: any IntdashClientUpstreamManagerDelegate) {
            state.withLock { $0.delegates.addWeakly(delegate) }
        }

        /// Removes a delegate.
        public func removeDelegate(delegate: any IntdashClientUpstreamManagerDelegate) {
            state.withLock { $0.delegates.removeWeakly(delegate) }
        }

        // MARK: Measurements

        /// Asks the server for a new measurement of edge `edgeUuid` and returns its UUID.
        public func requestMeasurementId(edgeUuid: String) async throws -> String {
            do {
                guard let edge = UUID(uuidString: edgeUuid) else {
                    throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "'\(edgeUuid)' is not a UUID")
                }
                let answer = try await link.request(answerType: .measurementIDResponse) {
                    .measurementIDRequest(ISCP1MeasurementIDRequest(requestID: $0, edgeUUID: edge))
                }
                guard case .measurementIDResponse(let response) = answer, response.resultCode == .ok else {
                    throw IntdashClientUpstreamManagerError(
                        kind: .upstreamSpecResponseFailure, message: "the server refused to make a measurement of edge \(edgeUuid)")
                }
                let measurementID = response.measurementUUID.uuidString.lowercased()
                for delegate in delegates() { delegate.upstreamManager(self, didReceiveMeasurementId: measurementID) }
                return measurementID
            } catch {
                for delegate in delegates() { delegate.upstreamManager(self, didFailToReceiveMeasurementIdWith: error) }
                throw error
            }
        }

        /// Asks the server for a new measurement of edge `edgeUuid`.
        public func requestMeasurementId(edgeUuid: String, completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
            Task {
                do {
                    completion(try await requestMeasurementId(edgeUuid: edgeUuid), nil)
                } catch {
                    completion(nil, error)
                }
            }
        }

        // MARK: Opening and closing

        /// Opens an upstream of measurement `measurementId` from edge `srcEdgeId` and returns its
        /// stream id; ``sync(removeClosedStream:retryCount:completion:)`` announces it to the server.
        ///
        /// - Parameters:
        ///   - dstEdgeIds: Edges the data is sent to explicitly.
        ///   - store: Whether the server stores the data in the measurement.
        ///   - retryCount: How many times a section is sent again after reconnections (0: never).
        ///   - sectionUpdateInterval: The section length; `nil` for 1 second.
        public func open(
            measurementId: String, srcEdgeId: String, dstEdgeIds: [String]? = nil, store: Bool = true,
            retryCount: Int = UpstreamManager.defaultRetryCount,
            sectionUpdateInterval: TimeInterval? = nil
        ) throws -> Int {
            try open(
                measurementId: measurementId, srcEdgeId: srcEdgeId, dstEdgeIds: dstEdgeIds, store: store, resend: false, retryCount: retryCount,
                sectionUpdateInterval: sectionUpdateInterval, resendSections: nil, firstSectionID: 0
            )
        }

        /// Opens an upstream that sends again the data of sections the server did not
        /// acknowledge, and returns its stream id. It must carry only that data, never live data.
        ///
        /// - Parameters:
        ///   - resendSections: The sections it sends, `[sectionIndex: sectionId]`, as
        ///     ``IntdashClientUpstreamManagerDelegate/upstreamManager(_:didGeneratedSesion:sectionIndex:streamId:final:sentCount:startOfElapsedTime:endOfElapsedTime:)``
        ///     reported them: a unit goes into the section of its elapsed-time slot, and a unit
        ///     of a slot not listed is refused. Empty: every unit is resent, in sections
        ///     numbered from `lastSectionId + 1`.
        ///   - lastSectionId: The last section id the measurement used, for an empty `resendSections`.
        public func openForResend(
            measurementId: String, srcEdgeId: String, dstEdgeIds: [String]? = nil, sectionUpdateInterval: TimeInterval? = nil,
            resendSections: [Int: Int] = [Int: Int](), lastSectionId: Int?
        ) throws -> Int {
            let firstSectionID = lastSectionId.map { UInt32(clamping: $0 + 1) } ?? 0
            return try open(
                measurementId: measurementId, srcEdgeId: srcEdgeId, dstEdgeIds: dstEdgeIds, store: true, resend: true,
                retryCount: Self.defaultRetryCount, sectionUpdateInterval: sectionUpdateInterval, resendSections: resendSections,
                firstSectionID: firstSectionID
            )
        }

        /// Opens an upstream in the pending phase.
        private func open(
            measurementId: String, srcEdgeId: String, dstEdgeIds: [String]?, store: Bool, resend: Bool, retryCount: Int,
            sectionUpdateInterval: TimeInterval?, resendSections: [Int: Int]?, firstSectionID: UInt32
        ) throws -> Int {
            guard let measurement = UUID(uuidString: measurementId) else {
                throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "measurement id '\(measurementId)' is not a UUID")
            }
            guard let source = UUID(uuidString: srcEdgeId) else {
                throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "source edge id '\(srcEdgeId)' is not a UUID")
            }
            let destinations = try (dstEdgeIds ?? []).map { id in
                guard let uuid = UUID(uuidString: id) else {
                    throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "destination edge id '\(id)' is not a UUID")
                }
                return uuid
            }
            let interval = sectionUpdateInterval ?? Self.defaultSectionUpdateInterval
            guard interval > 0, retryCount >= 0 else {
                throw IntdashClientUpstreamManagerError(kind: .invalidArguments, message: "the section length and retry count must be positive")
            }
            guard let streamID = link.allocateStreamID() else {
                throw IntdashClientUpstreamManagerError(kind: .streamIdIsAlreadyUsed, message: "all 255 stream ids are in use")
            }
            let spec = ISCP1UpstreamSpec(
                streamID: streamID, store: store, resend: resend, measurementUUID: measurement, sourceEdgeUUID: source,
                destinationEdgeUUIDs: destinations
            )
            let stream = UpstreamStream(
                streamID: streamID, spec: spec, retryCount: retryCount, sectionInterval: interval, resendSections: resendSections,
                nextSectionID: firstSectionID
            )
            state.withLock { $0.streams[streamID] = stream }
            return Int(streamID)
        }

        /// Announces the pending upstreams to the server in one spec request, repeating it up
        /// to `retryCount` times while the server refuses it.
        ///
        /// - Parameter removeClosedStream: Whether to forget the closed upstreams first.
        public func sync(removeClosedStream: Bool = true, retryCount: Int = UpstreamManager.defaultRetryCountOfRequestingSpecs) async throws {
            if removeClosedStream { removeClosedUpstream() }
            let specs = state.withLock { $0.streams.values.filter { $0.phase == .pending }.map(\.spec) }
            guard !specs.isEmpty else { return }
            try await requestSpecs(specs, retryCount: retryCount)
            let streamIDs = specs.map(\.streamID)
            let bytes = state.withLock { state in
                var bytes: [UInt8] = []
                for streamID in streamIDs where state.streams[streamID]?.phase == .pending {
                    state.streams[streamID]?.phase = .open
                    if let stream = state.streams[streamID] { bytes += Self.heldElements(of: stream) }
                }
                return bytes
            }
            transmit(bytes)
            startSectionTimer()
        }

        /// Announces the pending upstreams; see ``sync(removeClosedStream:retryCount:)``.
        public func sync(
            removeClosedStream: Bool = true, retryCount: Int = UpstreamManager.defaultRetryCountOfRequestingSpecs,
            completion: @escaping @Sendable ((any Error)?) -> Void
        ) {
            runReporting(to: completion) { try await self.sync(removeClosedStream: removeClosedStream, retryCount: retryCount) }
        }

        /// Sends one spec request with `specs`, again while refused, up to `retryCount` more times.
        func requestSpecs(_ specs: [ISCP1UpstreamSpec], retryCount: Int) async throws {
            var attempt = 0
            while true {
                let answer: ISCP1Element
                do {
                    answer = try await link.request(answerType: .upstreamSpecResponse) {
                        .upstreamSpecRequest(ISCP1UpstreamSpecRequest(requestID: $0, specs: specs))
                    }
                } catch {
                    throw IntdashClientUpstreamManagerError(kind: .upstreamSpecResponseFailure, message: "\(error)")
                }
                if case .upstreamSpecResponse(let response) = answer, response.resultCode == .ok { return }
                attempt += 1
                guard attempt <= retryCount else {
                    throw IntdashClientUpstreamManagerError(
                        kind: .upstreamSpecResponseFailure, message: "the server refused the upstream spec request")
                }
            }
        }

        /// Ends the current sections of `streamIds` and closes the upstreams.
        public func close(streamIds: [Int]) async throws {
            let closing = state.withLock { state -> [(streamID: UInt8, bytes: [UInt8], events: [SectionEvent], wasOpen: Bool)] in
                streamIds.compactMap { id -> (streamID: UInt8, bytes: [UInt8], events: [SectionEvent], wasOpen: Bool)? in
                    guard let streamID = UInt8(exactly: id), var stream = state.streams[streamID], stream.phase != .closed else { return nil }
                    var events: [SectionEvent] = []
                    let bytes = Self.endCurrentSection(of: &stream, isFinal: false, events: &events)
                    let wasOpen = stream.phase == .open
                    stream.phase = .closed
                    state.streams[streamID] = stream
                    return (streamID, wasOpen ? bytes : [], events, wasOpen)
                }
            }
            for closed in closing {
                transmit(closed.bytes)
                report(closed.events)
            }
            let specs = closing.filter(\.wasOpen).map { closed in
                ISCP1UpstreamSpec(
                    streamID: closed.streamID, store: false, resend: false, measurementUUID: Self.nullUUID, sourceEdgeUUID: Self.nullUUID)
            }
            guard !specs.isEmpty else { return }
            try await requestSpecs(specs, retryCount: 0)
        }

        /// Closes the upstreams `streamIds`.
        public func close(streamIds: [Int], completion: @escaping @Sendable ((any Error)?) -> Void) {
            runReporting(to: completion) { try await self.close(streamIds: streamIds) }
        }

        /// Closes every upstream and forgets them.
        public func close(completion: @escaping @Sendable ((any Error)?) -> Void) {
            runReporting(to: completion) {
                defer { self.removeClosedUpstream() }
                try await self.close(streamIds: self.upstreamIds)
            }
        }

        /// Forgets the closed upstreams and frees their stream ids.
        public func removeClosedUpstream() {
            let removed = state.withLock { state -> [UInt8] in
                let closed = state.streams.values.filter { $0.phase == .closed }.map(\.streamID)
                for streamID in closed { state.streams[streamID] = nil }
                return closed
            }
            for streamID in removed { link.releaseStreamID(streamID) }
        }

        /// Forgets the unacknowledged sections of `streamIds`: they will not be sent again.
        public func clearResendData(streamIds: [Int]) {
            state.withLock { state in
                for id in streamIds {
                    guard let streamID = UInt8(exactly: id) else { continue }
                    state.streams[streamID]?.unacknowledged = []
                }
            }
        }

        /// Stops the section timer and forgets every upstream and delegate.
        public func dispose() {
            let (timer, streamIDs) = state.withLock { state -> (Task<Void, Never>?, [UInt8]) in
                defer {
                    state.streams = [:]
                    state.delegates = []
                    state.sectionTimer = nil
                }
                return (state.sectionTimer, Array(state.streams.keys))
            }
            timer?.cancel()
            for streamID in streamIDs { link.releaseStreamID(streamID) }
        }

        /// The null UUID, which closes a stream.
        static let nullUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

        // MARK: Helpers

        /// The delegates still alive.
        func delegates() -> [any IntdashClientUpstreamManagerDelegate] {
            state.withLock { $0.delegates.compactMap(\.object) }
        }

        /// Sends `bytes` and tells the delegates.
        func transmit(_ bytes: [UInt8]) {
            guard !bytes.isEmpty, link.send(bytes) else { return }
            for delegate in delegates() { delegate.upstreamManager(self, didSendElem: bytes.count) }
        }

        /// Tells the delegates about `events`.
        func report(_ events: [SectionEvent]) {
            guard !events.isEmpty else { return }
            let delegates = delegates()
            for event in events {
                switch event {
                case .generated(let section, let streamID):
                    let times = section.elapsedTimes ?? 0...0
                    for delegate in delegates {
                        delegate.upstreamManager(
                            self, didGeneratedSesion: Int(section.id), sectionIndex: section.index, streamId: Int(streamID), final: section.isFinal,
                            sentCount: section.units.count, startOfElapsedTime: times.lowerBound, endOfElapsedTime: times.upperBound
                        )
                    }
                case .acknowledged(let section, let streamID, let success):
                    for delegate in delegates {
                        delegate.upstreamManager(
                            self, didReceiveEndOfSection: Int(section.id), streamId: Int(streamID), success: success, final: section.isFinal,
                            sentCount: section.units.count
                        )
                    }
                }
            }
        }
    }
}
