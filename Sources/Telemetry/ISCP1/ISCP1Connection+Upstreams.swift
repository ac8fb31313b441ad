import Foundation
import ISCP
import Logging
import NIOWebSocket

/// Upstreams: opening and closing them, sections, and the units they carry.
///
/// Units are published to the broker as they arrive, a WebSocket message's worth at a time,
/// so that viewers do not wait for the end of a section. A storing upstream also keeps each
/// section's points and hands them to the recorder as one chunk at the EOS marker, numbered by
/// the section's serial number; the SectionAck says OK only after that. A non-storing
/// upstream's sections are acknowledged at once. Units sent outside a section are published
/// but never stored, as no ack could vouch for them.
///
/// The `resend` flag needs nothing more: re-sent sections carry their old serial numbers, and
/// the upstream's stream id depends only on the measurement and the edge, so the recorder
/// stores each section once. Destination edges are not used: the broker hands units to every
/// downstream that watches the source edge and may.
extension ISCP1Connection {
    /// Opens and closes upstreams as `request` asks, and answers. When one spec fails, the
    /// upstreams the request opened are closed again and the answer is NG.
    mutating func answer(_ request: ISCP1UpstreamSpecRequest) async {
        var opened: [UInt8] = []
        var succeeded = true
        for spec in request.specs {
            if spec.sourceEdgeUUID == Self.nullUUID {
                await closeUpstream(spec.streamID)
            } else if await openUpstream(spec) {
                opened.append(spec.streamID)
            } else {
                succeeded = false
            }
        }
        for streamID in opened {
            guard let open = upstreams[streamID] else { continue }
            if succeeded {
                await broker.publish(.upstreamOpened(open.upstream), from: open.upstream.sourceNodeID)
            } else {
                upstreams[streamID] = nil
            }
        }
        send(.upstreamSpecResponse(ISCP1Response(requestID: request.requestID, resultCode: succeeded ? .ok : .ng)))
    }

    /// Opens the upstream `spec` describes; `false` when the stream id is taken, the principal
    /// may not send as the source edge, or its data cannot be stored as asked.
    private mutating func openUpstream(_ spec: ISCP1UpstreamSpec) async -> Bool {
        let metadata: Logger.Metadata = ["iscp1.stream": "\(spec.streamID)", "edge": "\(spec.sourceEdgeUUID.uuidString.lowercased())"]
        guard upstreams[spec.streamID] == nil, downstreams[spec.streamID] == nil else {
            logger.notice("iSCP 1.0 upstream refused: its stream id is already open", metadata: metadata)
            return false
        }
        let upstream = TelemetryUpstream.iscp1(measurement: spec.measurementUUID, sourceEdge: spec.sourceEdgeUUID)
        guard await mayActAsNode(upstream.sourceNodeID) else {
            logger.notice("iSCP 1.0 upstream refused: the client may not send as its source edge", metadata: metadata)
            return false
        }
        if spec.store {
            guard let recorder else {
                logger.notice("iSCP 1.0 upstream refused: it asks to store, and this server stores no measurements", metadata: metadata)
                return false
            }
            guard spec.measurementUUID != Self.nullUUID else {
                logger.notice("iSCP 1.0 upstream refused: it asks to store without a measurement", metadata: metadata)
                return false
            }
            // Two storing upstreams of one measurement and edge would number their sections alike.
            guard !upstreams.values.contains(where: { $0.stores && $0.upstream == upstream }) else {
                logger.notice(
                    "iSCP 1.0 upstream refused: another upstream of this connection stores the same measurement and edge", metadata: metadata)
                return false
            }
            do {
                try await recorder.prepare(upstream)
            } catch {
                logger.notice("iSCP 1.0 upstream refused: its measurement cannot be stored", metadata: metadata.merging(["error": "\(error)"]) { $1 })
                return false
            }
        }
        upstreams[spec.streamID] = ISCP1OpenUpstream(streamID: spec.streamID, upstream: upstream, stores: spec.store)
        return true
    }

    /// Closes upstream `streamID`, dropping a section it did not end; closing a stream that is
    /// not open succeeds, so that a client can always close what it believes it opened.
    private mutating func closeUpstream(_ streamID: UInt8) async {
        guard let open = upstreams.removeValue(forKey: streamID) else { return }
        if let section = open.section {
            logger.debug(
                "iSCP 1.0 section dropped unacknowledged by its upstream's close",
                metadata: ["iscp1.stream": "\(streamID)", "serial": "\(section.serialNumber)"])
        }
        await broker.publish(
            .upstreamClosed(open.upstream, totalDataPoints: open.publishedPoints, finalSequenceNumber: open.latestSerialNumber),
            from: open.upstream.sourceNodeID
        )
    }

    /// Starts a section of an open upstream; a section that was not ended is dropped (its
    /// client, having no ack, will send it again).
    mutating func startSection(_ marker: ISCP1StartOfSection) {
        guard let open = upstreams[marker.streamID] else {
            logger.debug("iSCP 1.0 SOS marker of a stream that is no open upstream; ignored", metadata: ["iscp1.stream": "\(marker.streamID)"])
            return
        }
        if let section = open.section {
            logger.debug(
                "iSCP 1.0 section dropped unacknowledged: a new one started",
                metadata: ["iscp1.stream": "\(marker.streamID)", "serial": "\(section.serialNumber)"])
        }
        upstreams[marker.streamID]?.section = ISCP1OpenUpstream.Section(serialNumber: marker.serialNumber)
        upstreams[marker.streamID]?.latestSerialNumber = marker.serialNumber
    }

    /// Ends a section: stores it when its upstream stores, ends the measurement when the
    /// marker is final, and acknowledges it.
    mutating func endSection(_ marker: ISCP1EndOfSection) async {
        guard let open = upstreams[marker.streamID] else {
            logger.debug("iSCP 1.0 EOS marker of a stream that is no open upstream; ignored", metadata: ["iscp1.stream": "\(marker.streamID)"])
            return
        }
        upstreams[marker.streamID]?.section = nil
        let result: ISCP1ResultCode
        if let section = open.section, section.serialNumber == marker.serialNumber {
            result = await store(section, of: open, isFinal: marker.isFinal)
        } else {
            logger.notice(
                "iSCP 1.0 EOS marker of a section that was not started",
                metadata: ["iscp1.stream": "\(marker.streamID)", "serial": "\(marker.serialNumber)"])
            result = .ng
        }
        send(.sectionAck(ISCP1SectionAck(streamID: marker.streamID, resultCode: result, serialNumber: marker.serialNumber)))
    }

    /// Stores `section` when `open` stores, and ends its measurement when `isFinal`: OK once
    /// that is durable, NG when any of it failed.
    private func store(_ section: ISCP1OpenUpstream.Section, of open: ISCP1OpenUpstream, isFinal: Bool) async -> ISCP1ResultCode {
        guard open.stores, let recorder else { return .ok }
        let metadata: Logger.Metadata = [
            "iscp1.stream": "\(open.streamID)", "serial": "\(section.serialNumber)", "measurement": "\(open.upstream.sessionID)",
        ]
        if let failure = section.recordingFailure {
            logger.error("iSCP 1.0 section not stored: a base time in it was not", metadata: metadata.merging(["error": "\(failure)"]) { $1 })
            return .ng
        }
        do {
            if !section.points.isEmpty {
                try await recorder.record(section.points.chunk(of: open.upstream, sequenceNumber: section.serialNumber))
            }
            if isFinal {
                try await recorder.endSession(open.upstream.sessionID)
            }
            return .ok
        } catch {
            logger.error("iSCP 1.0 section not stored", metadata: metadata.merging(["error": "\(error)"]) { $1 })
            return .ng
        }
    }

    /// Takes a data unit of an open upstream: to be published, and kept in the section when
    /// the upstream stores. A section that outgrows ``sectionByteLimit`` is acknowledged NG
    /// and ends the connection.
    mutating func receive(_ unit: ISCP1Unit) async -> Closing? {
        guard let open = upstreams[unit.streamID] else {
            logger.debug("iSCP 1.0 unit of a stream that is no open upstream; ignored", metadata: ["iscp1.stream": "\(unit.streamID)"])
            return nil
        }
        guard let (dataID, point) = ISCP1DataMapping.dataPoint(of: unit) else { return nil }
        upstreams[unit.streamID]?.unpublished.append(point, of: dataID)
        if open.unpublished.byteCount + point.payload.count >= Self.publishBytes {
            await publishUnpublishedPoints(of: unit.streamID)
        }
        guard open.stores, let section = open.section else { return nil }
        upstreams[unit.streamID]?.section?.points.append(point, of: dataID)
        guard section.points.byteCount + point.payload.count + ISCP1DataPointBatch.pointOverhead > Self.sectionByteLimit else { return nil }
        upstreams[unit.streamID]?.section = nil
        send(.sectionAck(ISCP1SectionAck(streamID: unit.streamID, resultCode: .ng, serialNumber: section.serialNumber)))
        return Closing(
            code: .policyViolation, reason: "section \(section.serialNumber) of stream \(unit.streamID) exceeds \(Self.sectionByteLimit >> 20) MiB")
    }

    /// Takes a base-time unit of an open upstream: the broker tells the viewers at once, and
    /// the recorder stores it when the upstream stores. A base time that cannot be stored
    /// makes its section's ack NG.
    mutating func receiveBaseTime(_ unit: ISCP1Unit) async {
        guard let open = upstreams[unit.streamID] else {
            logger.debug("iSCP 1.0 unit of a stream that is no open upstream; ignored", metadata: ["iscp1.stream": "\(unit.streamID)"])
            return
        }
        guard let baseTime = ISCP1DataMapping.baseTime(of: unit, sessionID: open.upstream.sessionID) else {
            logger.notice("iSCP 1.0 malformed base time unit ignored", metadata: ["iscp1.stream": "\(unit.streamID)"])
            return
        }
        await broker.publish(.baseTime(baseTime), from: open.upstream.sourceNodeID)
        guard open.stores, let recorder else { return }
        do {
            try await recorder.record(baseTime)
        } catch {
            logger.error("iSCP 1.0 base time not stored", metadata: ["measurement": "\(baseTime.sessionID)", "error": "\(error)"])
            upstreams[unit.streamID]?.section?.recordingFailure = error
        }
    }

    /// Publishes the points every upstream received since it last published.
    mutating func publishUnpublishedPoints() async {
        for streamID in upstreams.keys where !(upstreams[streamID]?.unpublished.isEmpty ?? true) {
            await publishUnpublishedPoints(of: streamID)
        }
    }

    /// Publishes the points upstream `streamID` received since it last published, as one chunk
    /// numbered by its latest section.
    private mutating func publishUnpublishedPoints(of streamID: UInt8) async {
        guard let open = upstreams[streamID], !open.unpublished.isEmpty else { return }
        upstreams[streamID]?.unpublished = ISCP1DataPointBatch()
        upstreams[streamID]?.publishedPoints += UInt64(open.unpublished.pointCount)
        await broker.publish(open.unpublished.chunk(of: open.upstream, sequenceNumber: open.latestSerialNumber))
    }
}
