import Accounts
import Foundation
import ISCP
import Logging

// What a connection does with the downstream messages of its peer (specs/intdash.md §1.6,
// §1.8): open, resume, acks and close.
//
// The broker only hands a downstream chunks that keep at least one group after filtering, so
// empty chunks are never sent, whatever `omit_empty_chunk` says.
extension ISCP2Connection {
    func openDownstream(_ request: ISCP2DownstreamOpenRequest) async {
        var response = ISCP2DownstreamOpenResponse(answering: request.requestID)
        guard let principal, let nodeID else { return }
        let filters: [TelemetryDownstreamFilter]
        switch await downstreamFilters(of: request, principal: principal) {
        case .failure(let failure):
            response.resultCode = failure.code
            response.resultString = failure.message
            return sendUrgent(.downstreamOpenResponse(response))
        case .success(let value):
            filters = value
        }
        let streamID = UUID()
        let subscription = await environment.broker.subscribe(filters)
        let state = ISCP2DownstreamState(
            streamID: streamID, subscriptionID: subscription.id, ownerNodeID: nodeID, userID: principal.userID,
            expiryInterval: environment.limits.expiryInterval(seconds: request.expiryInterval), isReliable: request.qos == .reliable,
            filters: filters, proposedAliases: request.dataIDAliases, codec: environment.codec
        )
        response.assignedStreamID = streamID.iscp2StreamID
        response.serverTime = iscp2ServerTime()
        response.resultCode = .succeeded
        response.resultString = "SUCCEEDED"
        // The response is queued before the stream is attached, and urgent frames go first,
        // so the client has it before any chunk of the stream.
        sendUrgent(.downstreamOpenResponse(response))
        await attach(state, alias: request.desiredStreamIDAlias)
        await environment.downstreamRegistry.register(state)
        Task(executorPreference: executor) { await state.pump(subscription.events) }
        logger.debug("iSCP v2 downstream opened", metadata: ["stream": "\(streamID)", "filters": "\(filters.count)"])
    }

    func resumeDownstream(_ request: ISCP2DownstreamResumeRequest) async {
        var response = ISCP2DownstreamResumeResponse()
        response.requestID = request.requestID
        guard let principal, let nodeID else { return }
        if let failure = aliasProblem(request.desiredStreamIDAlias) {
            response.resultCode = failure.code
            response.resultString = failure.message
            return sendUrgent(.downstreamResumeResponse(response))
        }
        var found = await environment.downstreamRegistry.resume(request.streamID, nodeID: nodeID, userID: principal.userID)
        if case .failure(let failure) = found, failure.code == .streamNotFound, let handoffs = environment.downstreamHandoffs,
            let streamID = UUID(iscp2StreamID: request.streamID)
        {
            found = await takeOver(streamID, from: handoffs, principal: principal, nodeID: nodeID) ?? found
        }
        switch found {
        case .failure(let failure):
            response.resultCode = failure.code
            response.resultString = failure.message
            sendUrgent(.downstreamResumeResponse(response))
        case .success(let state):
            response.resultCode = .succeeded
            response.resultString = "SUCCEEDED"
            sendUrgent(.downstreamResumeResponse(response))
            await attach(state, alias: request.desiredStreamIDAlias)
            logger.debug("iSCP v2 downstream resumed", metadata: ["stream": "\(state.streamID)"])
            Task(executorPreference: executor) { await state.sendBacklog() }
        }
    }

    /// The downstream `streamID` taken from the instance of the deployment that keeps it, fed
    /// from now on by a subscription of this instance's broker, made before the handoff so
    /// that nothing published meanwhile is missed; `nil` when no instance answered in time.
    private func takeOver(
        _ streamID: UUID, from handoffs: ISCP2DownstreamHandoffs, principal: Principal, nodeID: String
    ) async -> Result<ISCP2DownstreamState, ISCP2Failure>? {
        let description: ISCP2DownstreamHandoffMessages.Description
        switch await handoffs.describe(streamID, nodeID: nodeID, userID: principal.userID) {
        case nil: return nil
        case .failure(let failure)?: return .failure(failure)
        case .success(let value)?: description = value
        }
        if let problem = await watchProblem(description.filters.map(\.sourceNodeID), principal: principal) { return .failure(problem) }
        let broker = environment.broker
        let subscription = await broker.subscribe(description.filters)
        let taken = await handoffs.take(streamID, nodeID: nodeID, userID: principal.userID)
        guard case .success(let handoff)? = taken else {
            await broker.unsubscribe(subscription.id)
            if case .failure(let failure)? = taken { return .failure(failure) }
            return nil
        }
        let state = ISCP2DownstreamState(
            streamID: streamID, subscriptionID: subscription.id, ownerNodeID: nodeID, userID: principal.userID,
            expiryInterval: .milliseconds(description.expiryMilliseconds), isReliable: description.isReliable, filters: description.filters,
            proposedAliases: [:], handoff: handoff, codec: environment.codec
        )
        await environment.downstreamRegistry.register(state)
        Task(executorPreference: executor) { await state.pump(subscription.events) }
        logger.debug("iSCP v2 downstream taken over from another instance", metadata: ["stream": "\(streamID)", "events": "\(handoff.events.count)"])
        return .success(state)
    }

    /// Makes `state` send its messages on this connection as `alias`.
    private func attach(_ state: ISCP2DownstreamState, alias: UInt32) async {
        downstreams[alias] = state
        await state.attach(ISCP2DownstreamState.Attachment(outbox: outbox, requestIDs: requestIDs, alias: alias))
    }

    /// Why a downstream cannot take `alias` on this connection, if it cannot.
    private func aliasProblem(_ alias: UInt32) -> ISCP2Failure? {
        let limits = environment.limits
        guard downstreams[alias] == nil else {
            return ISCP2Failure(.protocolError, "the stream alias \(alias) is already in use on this connection")
        }
        guard downstreams.count < limits.downstreamsPerConnection else {
            return ISCP2Failure(.tooManyStreams, "a connection may have at most \(limits.downstreamsPerConnection) downstreams")
        }
        return nil
    }

    /// Closes `state` for good: it leaves the registry and the broker.
    func end(_ state: ISCP2DownstreamState) async {
        await environment.downstreamRegistry.remove(state.streamID)
        await state.end(leaving: environment.broker)
    }

    /// The request's filters in the broker's terms, or why they cannot be served.
    private func downstreamFilters(
        of request: ISCP2DownstreamOpenRequest, principal: Principal
    ) async -> Result<[TelemetryDownstreamFilter], ISCP2Failure> {
        let limits = environment.limits
        if let problem = aliasProblem(request.desiredStreamIDAlias) { return .failure(problem) }
        guard !request.downstreamFilters.isEmpty else {
            return .failure(ISCP2Failure(.invalidDataFilter, "a downstream needs at least one downstream filter"))
        }
        guard request.downstreamFilters.count <= limits.filtersPerDownstream else {
            return .failure(
                ISCP2Failure(.tooManyDownstreamFilters, "a downstream may have at most \(limits.filtersPerDownstream) downstream filters"))
        }
        guard request.downstreamFilters.reduce(0, { $0 + $1.dataFilters.count }) <= limits.dataFiltersPerDownstream else {
            return .failure(ISCP2Failure(.tooManyDataFilters, "a downstream may have at most \(limits.dataFiltersPerDownstream) data filters"))
        }
        var filters: [TelemetryDownstreamFilter] = []
        for filter in request.downstreamFilters {
            guard !filter.sourceNodeID.isEmpty else {
                return .failure(ISCP2Failure(.invalidDataFilter, "a downstream filter names no source node"))
            }
            guard !filter.dataFilters.isEmpty else {
                return .failure(ISCP2Failure(.invalidDataFilter, "the downstream filter of node \(filter.sourceNodeID) has no data filters"))
            }
            let dataFilters = filter.dataFilters.map(TelemetryDataFilter.init)
            if let problem = dataFilters.lazy.compactMap(\.problem).first {
                return .failure(ISCP2Failure(.invalidDataFilter, problem))
            }
            filters.append(TelemetryDownstreamFilter(sourceNodeID: Self.normalized(nodeID: filter.sourceNodeID), dataFilters: dataFilters))
        }
        if let problem = await watchProblem(filters.map(\.sourceNodeID), principal: principal) { return .failure(problem) }
        return .success(filters)
    }

    /// Why `principal` may not watch every node of `sourceNodeIDs`, if it may not.
    private func watchProblem(_ sourceNodeIDs: [String], principal: Principal) async -> ISCP2Failure? {
        for sourceNodeID in Set(sourceNodeIDs).sorted() {
            let allowed: Bool
            do {
                allowed = try await environment.access.mayWatchNode(principal, sourceNodeID)
            } catch {
                logger.error("iSCP v2 watch permission check failed", metadata: ["error": "\(error)"])
                return ISCP2Failure(.unspecifiedError, "the permission to watch node \(sourceNodeID) could not be checked")
            }
            guard allowed else {
                return ISCP2Failure(.authFailed, "\(principal.userName) may not watch node \(sourceNodeID)")
            }
        }
        return nil
    }

    func closeDownstream(_ request: ISCP2DownstreamCloseRequest) async {
        var response = ISCP2DownstreamCloseResponse()
        response.requestID = request.requestID
        let streamID = UUID(iscp2StreamID: request.streamID)
        guard let alias = downstreams.first(where: { $0.value.streamID == streamID })?.key,
            let downstream = downstreams.removeValue(forKey: alias)
        else {
            response.resultCode = .streamNotFound
            response.resultString = "no downstream with this stream id is open on this connection"
            return sendUrgent(.downstreamCloseResponse(response))
        }
        await end(downstream)
        response.resultCode = .succeeded
        response.resultString = "SUCCEEDED"
        sendUrgent(.downstreamCloseResponse(response))
        logger.debug("iSCP v2 downstream closed", metadata: ["stream": "\(downstream.streamID)"])
    }

    func receive(_ ack: ISCP2DownstreamChunkAck) async {
        var complete = ISCP2DownstreamChunkAckComplete()
        complete.streamIDAlias = ack.streamIDAlias
        complete.ackID = ack.ackID
        if let downstream = downstreams[ack.streamIDAlias] {
            await downstream.learn(ack)
            complete.resultCode = .succeeded
            complete.resultString = "SUCCEEDED"
        } else {
            complete.resultCode = .streamNotFound
            complete.resultString = "no downstream has the alias \(ack.streamIDAlias) on this connection"
        }
        sendUrgent(.downstreamChunkAckComplete(complete))
    }
}
