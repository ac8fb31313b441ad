import Accounts
import Foundation
import ISCP
import Logging

// What a connection does with the upstream messages of its peer (specs/intdash.md §1.5):
// open, chunks, base times, close and resume.
//
// Every chunk is acknowledged once it is stored (when the upstream persists) and routed, as
// soon as the handler has caught up with the chunks read after it or is about to store
// another (``handleQueued()``), so the client's `ack_interval` is always met and not
// otherwise used.
extension ISCP2Connection {
    func openUpstream(_ request: ISCP2UpstreamOpenRequest) async {
        var response = ISCP2UpstreamOpenResponse(answering: request.requestID)
        guard let nodeID else { return }
        guard upstreams.count < environment.limits.upstreamsPerConnection else {
            response.resultCode = .tooManyStreams
            response.resultString = "a connection may have at most \(environment.limits.upstreamsPerConnection) upstreams"
            return sendUrgent(.upstreamOpenResponse(response))
        }
        let upstream = TelemetryUpstream(streamID: UUID(), sessionID: request.sessionID, sourceNodeID: nodeID)
        let persists = request.extensionFields.persist && environment.recorder != nil
        if persists, let recorder = environment.recorder {
            do {
                try await recorder.prepare(upstream)
            } catch {
                response.resultCode = .processFailed
                response.resultString = "the session cannot be stored: \(error)"
                return sendUrgent(.upstreamOpenResponse(response))
            }
        }
        var state = ISCP2UpstreamState(
            upstream: upstream, qos: request.qos, persists: persists,
            expiryInterval: environment.limits.expiryInterval(seconds: request.expiryInterval),
            ackInterval: environment.limits.ackInterval(milliseconds: request.ackInterval)
        )
        response.dataIDAliases = state.assignAliases(to: request.dataIds.map(TelemetryDataID.init))
        if let shared = environment.sharedUpstreams {
            do {
                try await shared.register(state)
            } catch {
                response.resultCode = .processFailed
                response.resultString = "the upstream cannot be shared with the deployment's other instances: \(error)"
                return sendUrgent(.upstreamOpenResponse(response))
            }
        }
        let alias = takeUpstreamAlias()
        upstreams[alias] = state
        await environment.upstreamRegistry.register(state)
        response.assignedStreamID = upstream.streamID.iscp2StreamID
        response.assignedStreamIDAlias = alias
        response.serverTime = iscp2ServerTime()
        response.resultCode = .succeeded
        response.resultString = "SUCCEEDED"
        sendUrgent(.upstreamOpenResponse(response))
        logger.debug(
            "iSCP v2 upstream opened", metadata: ["stream": "\(upstream.streamID)", "session": "\(upstream.sessionID)", "persist": "\(persists)"])
        await environment.broker.publish(.upstreamOpened(upstream), from: nodeID)
    }

    func resumeUpstream(_ request: ISCP2UpstreamResumeRequest) async {
        var response = ISCP2UpstreamResumeResponse()
        response.requestID = request.requestID
        guard let nodeID, let principal else { return }
        switch await takeUpstream(request.streamID, nodeID: nodeID, userID: principal.userID) {
        case .failure(let failure):
            response.resultCode = failure.code
            response.resultString = failure.message
            sendUrgent(.upstreamResumeResponse(response))
        case .success(let state):
            let alias = takeUpstreamAlias()
            upstreams[alias] = state
            response.assignedStreamIDAlias = alias
            response.resultCode = .succeeded
            response.resultString = "SUCCEEDED"
            sendUrgent(.upstreamResumeResponse(response))
            logger.debug("iSCP v2 upstream resumed", metadata: ["stream": "\(state.streamID)"])
            await environment.broker.publish(.upstreamResumed(state.upstream), from: nodeID)
        }
    }

    func closeUpstream(_ request: ISCP2UpstreamCloseRequest) async {
        var response = ISCP2UpstreamCloseResponse()
        response.requestID = request.requestID
        guard let nodeID else { return }
        let streamID = UUID(iscp2StreamID: request.streamID)
        guard let alias = upstreams.first(where: { $0.value.upstream.streamID == streamID })?.key,
            let state = upstreams.removeValue(forKey: alias)
        else {
            response.resultCode = .streamNotFound
            response.resultString = "no upstream with this stream id is open on this connection"
            return sendUrgent(.upstreamCloseResponse(response))
        }
        await environment.upstreamRegistry.remove(state.streamID)
        if let shared = environment.sharedUpstreams {
            do {
                _ = try await shared.release(state.streamID)
            } catch {
                logger.warning("iSCP v2 upstream not released in the database", metadata: ["stream": "\(state.streamID)", "error": "\(error)"])
            }
        }
        response.resultCode = .succeeded
        response.resultString = "SUCCEEDED"
        if state.persists, let recorder = environment.recorder {
            do {
                try await recorder.declare(state.upstream, totalDataPoints: request.totalDataPoints, finalSequenceNumber: request.finalSequenceNumber)
            } catch {
                logger.warning("iSCP v2 sequence totals not stored", metadata: ["stream": "\(state.upstream.streamID)", "error": "\(error)"])
            }
        }
        if request.extensionFields.closeSession, state.persists, let recorder = environment.recorder {
            do {
                try await recorder.endSession(state.upstream.sessionID)
            } catch {
                let failure = ISCP2Failure.storing("the end of the session", failedWith: error)
                response.resultCode = failure.code
                response.resultString = "the upstream is closed, but \(failure.message)"
            }
        }
        sendUrgent(.upstreamCloseResponse(response))
        logger.debug("iSCP v2 upstream closed", metadata: ["stream": "\(state.upstream.streamID)", "points": "\(state.totalDataPoints)"])
        let closed = TelemetryMetadata.upstreamClosed(
            state.upstream, totalDataPoints: request.totalDataPoints, finalSequenceNumber: request.finalSequenceNumber
        )
        await environment.broker.publish(closed, from: nodeID)
    }

    func receive(_ chunk: ISCP2IncomingChunk) async {
        let alias = chunk.streamIDAlias
        let sequenceNumber = chunk.sequenceNumber
        guard var state = upstreams[alias] else {
            let failure = ISCP2Failure(.streamNotFound, "no upstream has the alias \(alias) on this connection")
            return acknowledge(alias: alias, sequenceNumber, .failure(failure), newAliases: [:])
        }
        if state.hasAccepted(sequenceNumber) {
            return acknowledge(alias: alias, sequenceNumber, .success(()), newAliases: [:])
        }
        let resolution = state.resolve(chunk)
        upstreams[alias] = state
        let resolved: ISCP2ResolvedChunk
        switch resolution {
        case .failure(let failure):
            upstreams[alias]?.reject(sequenceNumber)
            return acknowledge(alias: alias, sequenceNumber, .failure(failure), newAliases: [:])
        case .success(let value):
            resolved = value
        }
        if let shared = environment.sharedUpstreams, !resolved.newAliases.isEmpty {
            // The aliases are the deployment's before the ack tells the client about them.
            let assigned = resolved.newAliases.keys.reduce(into: [UInt32: TelemetryDataID]()) { $0[$1] = state.aliases.dataID(for: $1) }
            do {
                try await shared.saveAliases(assigned, of: state.streamID)
            } catch {
                upstreams[alias]?.reject(sequenceNumber)
                let failure = ISCP2Failure.storing("the chunk's data-id aliases", failedWith: error)
                return acknowledge(alias: alias, sequenceNumber, .failure(failure), newAliases: [:])
            }
        }
        if state.persists, let recorder = environment.recorder {
            // No acknowledgement waits for the disk.
            sendPendingAcknowledgements()
            do {
                try await recorder.record(resolved.chunk)
            } catch {
                logger.error("iSCP v2 chunk not stored", metadata: ["stream": "\(state.upstream.streamID)", "error": "\(error)"])
                upstreams[alias]?.reject(sequenceNumber)
                let failure = ISCP2Failure.storing("the chunk", failedWith: error)
                return acknowledge(alias: alias, sequenceNumber, .failure(failure), newAliases: resolved.newAliases)
            }
        }
        await environment.broker.publish(resolved.chunk)
        upstreams[alias]?.accept(resolved.chunk)
        acknowledge(alias: alias, sequenceNumber, .success(()), newAliases: resolved.newAliases)
    }

    func receive(_ metadata: ISCP2UpstreamMetadata) async {
        var ack = ISCP2UpstreamMetadataAck()
        ack.requestID = metadata.requestID
        guard let nodeID else { return }
        guard case .baseTime(let value)? = metadata.metadata else {
            ack.resultCode = .invalidPayload
            ack.resultString = "the metadata holds no base time, the only kind this server knows"
            return sendUrgent(.upstreamMetadataAck(ack))
        }
        let baseTime = TelemetryBaseTime(value)
        if metadata.extensionFields.persist, let recorder = environment.recorder {
            guard upstreams.values.contains(where: { $0.persists && $0.upstream.sessionID == baseTime.sessionID }) else {
                ack.resultCode = .sessionNotFound
                ack.resultString = "no upstream of this connection stores session '\(baseTime.sessionID)'"
                return sendUrgent(.upstreamMetadataAck(ack))
            }
            do {
                try await recorder.record(baseTime)
            } catch {
                let failure = ISCP2Failure.storing("the base time", failedWith: error)
                ack.resultCode = failure.code
                ack.resultString = failure.message
                return sendUrgent(.upstreamMetadataAck(ack))
            }
        }
        await environment.broker.publish(.baseTime(baseTime), from: nodeID)
        ack.resultCode = .succeeded
        ack.resultString = "SUCCEEDED"
        sendUrgent(.upstreamMetadataAck(ack))
    }

    /// Adds the result of chunk `sequenceNumber` of upstream `alias` to those the handler
    /// sends once it has caught up with the peer and the upstream's `ack_interval` has passed
    /// since the last acknowledgements (none for an alias no upstream has).
    private func acknowledge(alias: UInt32, _ sequenceNumber: UInt32, _ outcome: Result<Void, ISCP2Failure>, newAliases: [UInt32: ISCP2DataID]) {
        var result = ISCP2UpstreamChunkResult()
        result.sequenceNumber = sequenceNumber
        switch outcome {
        case .success:
            result.resultCode = .succeeded
            result.resultString = "SUCCEEDED"
        case .failure(let failure):
            result.resultCode = failure.code
            result.resultString = failure.message
        }
        pendingAcknowledgements.add(alias: alias, result, newAliases: newAliases, within: upstreams[alias]?.ackInterval ?? .zero)
    }

    /// Sends the chunk results gathered so far, one `UpstreamChunkAck` per upstream.
    func sendPendingAcknowledgements() {
        acknowledgementTimer?.cancel()
        acknowledgementTimer = nil
        let acks = pendingAcknowledgements.take()
        guard !acks.isEmpty else { return }
        lastAcknowledgedAt = .now
        for ack in acks {
            sendUrgent(.upstreamChunkAck(ack))
        }
    }

    /// Sends the gathered chunk results if the shortest `ack_interval` among their upstreams has
    /// passed since the last acknowledgements; otherwise makes sure a timer sends them then.
    ///
    /// A client that asks for acks every 100 ms and sends a thousand chunks in that time gets a
    /// few acks rather than one per run the handler read; a client with a short interval (the
    /// Python client asks for 1 ms) is acknowledged as soon as the handler has caught up.
    func sendAcknowledgementsWhenDue() {
        guard let interval = pendingAcknowledgements.shortestInterval else { return }
        let due = lastAcknowledgedAt.map { $0 + interval } ?? .now
        guard ContinuousClock.now < due else { return sendPendingAcknowledgements() }
        guard acknowledgementTimer == nil else { return }
        acknowledgementTimer = Task(executorPreference: executor) { [weak self] in
            try? await Task.sleep(until: due)
            guard !Task.isCancelled else { return }
            await self?.sendPendingAcknowledgements()
        }
    }

    /// Takes the upstream whose id a resume request gives as `streamIDBytes` for a connection
    /// of `nodeID` signed in as `userID`: from this instance's registry, and in a deployment
    /// of several instances from the database, whichever instance had it.
    private func takeUpstream(_ streamIDBytes: Data, nodeID: String, userID: String) async -> Result<ISCP2UpstreamState, ISCP2Failure> {
        let local = await environment.upstreamRegistry.resume(streamIDBytes, nodeID: nodeID, userID: userID)
        guard let shared = environment.sharedUpstreams, let streamID = UUID(iscp2StreamID: streamIDBytes) else { return local }
        if case .failure(let failure) = local, failure.code != .streamNotFound { return local }
        do {
            switch try await shared.claim(streamID, nodeID: nodeID) {
            case .refused(let failure):
                if case .success(let kept) = local {
                    // Gone from the database: another instance reported it lost. Claimed at
                    // the same time elsewhere: it waits here as before.
                    if failure.code == .resumeRequestConflict {
                        await environment.upstreamRegistry.park(kept)
                    } else {
                        await environment.upstreamRegistry.remove(streamID)
                    }
                }
                return .failure(failure)
            case .claimed(var claimed, let previousHolder):
                if case .success(let kept) = local, previousHolder == shared.instanceID { return .success(kept) }
                if claimed.persists, let recorder = environment.recorder {
                    claimed.accept(stored: try await recorder.progress(of: claimed.upstream))
                }
                await environment.upstreamRegistry.register(claimed)
                logger.debug("iSCP v2 upstream taken over", metadata: ["stream": "\(streamID)", "from": "\(previousHolder)"])
                return .success(claimed)
            }
        } catch {
            if case .success(let kept) = local { await environment.upstreamRegistry.park(kept) }
            return .failure(ISCP2Failure(.processFailed, "the upstream's state could not be read: \(error)"))
        }
    }

    /// Keeps `state`, whose connection was lost, resumable: here, and in a deployment of
    /// several instances on any instance; one another instance took over meanwhile is
    /// forgotten here.
    func park(_ state: ISCP2UpstreamState) async {
        if let shared = environment.sharedUpstreams {
            do {
                guard try await shared.park(state.streamID, for: state.expiryInterval) else {
                    return await environment.upstreamRegistry.remove(state.streamID)
                }
            } catch {
                logger.warning("iSCP v2 upstream not parked in the database", metadata: ["stream": "\(state.streamID)", "error": "\(error)"])
            }
        }
        await environment.upstreamRegistry.park(state)
    }

    private func takeUpstreamAlias() -> UInt32 {
        defer { nextUpstreamAlias = nextUpstreamAlias == .max ? 1 : nextUpstreamAlias + 1 }
        return nextUpstreamAlias
    }
}
