import Foundation
import ISCP
import Logging

/// Downstreams: opening and closing them, and their filters.
///
/// A downstream subscribes to everything its source edge sends; its filter is applied as the
/// broker's points become units (see ``ISCP1OpenDownstream``). The destination edge of a spec
/// is not used: the units go to this connection.
extension ISCP1Connection {
    /// Opens and closes downstreams as `request` asks, and answers. When one spec fails, the
    /// downstreams the request opened are closed again and the answer is NG.
    mutating func answer(_ request: ISCP1DownstreamSpecRequest) async {
        var opened: [UInt8] = []
        var succeeded = true
        for spec in request.specs {
            if spec.sourceEdgeUUID == Self.nullUUID {
                await closeDownstream(spec.streamID)
            } else if await openDownstream(spec) {
                opened.append(spec.streamID)
            } else {
                succeeded = false
            }
        }
        if !succeeded {
            for streamID in opened { await closeDownstream(streamID) }
        }
        send(.downstreamSpecResponse(ISCP1Response(requestID: request.requestID, resultCode: succeeded ? .ok : .ng)))
    }

    /// Sets the filters of open downstreams, and answers OK. A filter of a stream that is no
    /// open downstream is ignored, not refused: intdash-py follows every downstream spec request
    /// with a filter request, the one that closes a downstream included, and fails its close
    /// on an NG.
    func answer(_ request: ISCP1DownstreamFilterRequest) {
        for filter in request.streamFilters {
            if let open = downstreams[filter.streamID] {
                open.downstream.setFilter(filter)
            } else {
                logger.debug("iSCP 1.0 filter of a stream that is no open downstream; ignored", metadata: ["iscp1.stream": "\(filter.streamID)"])
            }
        }
        send(.downstreamFilterResponse(ISCP1Response(requestID: request.requestID, resultCode: .ok)))
    }

    /// Opens the downstream `spec` describes; `false` when the stream id is taken or the
    /// principal may not watch the source edge.
    private mutating func openDownstream(_ spec: ISCP1DownstreamSpec) async -> Bool {
        let sourceNodeID = spec.sourceEdgeUUID.uuidString.lowercased()
        let metadata: Logger.Metadata = ["iscp1.stream": "\(spec.streamID)", "edge": "\(sourceNodeID)"]
        guard upstreams[spec.streamID] == nil, downstreams[spec.streamID] == nil else {
            logger.notice("iSCP 1.0 downstream refused: its stream id is already open", metadata: metadata)
            return false
        }
        guard await mayWatchNode(sourceNodeID) else {
            logger.notice("iSCP 1.0 downstream refused: the client may not watch its source edge", metadata: metadata)
            return false
        }
        let subscription = await broker.subscribe([.all(from: sourceNodeID)])
        let downstream = ISCP1OpenDownstream(streamID: spec.streamID, sourceNodeID: sourceNodeID, subscriptionID: subscription.id)
        let (outbound, logger) = (outbound, logger)
        let forwarder = Task(executorPreference: executor) { await downstream.forward(subscription.events, to: outbound, logger: logger) }
        downstreams[spec.streamID] = Downstream(downstream: downstream, forwarder: forwarder)
        return true
    }

    /// Closes downstream `streamID`; closing a stream that is not open succeeds, so that a
    /// client can always close what it believes it opened.
    private mutating func closeDownstream(_ streamID: UInt8) async {
        guard let open = downstreams.removeValue(forKey: streamID) else { return }
        open.forwarder.cancel()
        await broker.unsubscribe(open.downstream.subscriptionID)
    }
}
