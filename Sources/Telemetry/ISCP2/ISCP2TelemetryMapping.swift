import Foundation
import ISCP

// The translation between iSCP v2 messages and the broker's protocol-neutral types.

extension TelemetryDataID {
    /// The data id an iSCP v2 `DataID` names.
    init(_ dataID: ISCP2DataID) {
        self.init(name: dataID.name, type: dataID.type)
    }
}

extension ISCP2DataID {
    /// The iSCP v2 form of `dataID`.
    init(_ dataID: TelemetryDataID) {
        self.init()
        name = dataID.name
        type = dataID.type
    }
}

extension TelemetryDataFilter {
    /// The filter an iSCP v2 `DataFilter` describes.
    init(_ filter: ISCP2DataFilter) {
        self.init(name: filter.name, type: filter.type)
    }
}

extension ISCP2DownstreamFilter {
    /// The iSCP v2 form of `filter`.
    init(_ filter: TelemetryDownstreamFilter) {
        self.init()
        sourceNodeID = filter.sourceNodeID
        dataFilters = filter.dataFilters.map { filter in
            var dataFilter = ISCP2DataFilter()
            dataFilter.name = filter.name
            dataFilter.type = filter.type
            return dataFilter
        }
    }
}

extension TelemetryBaseTime {
    /// The base time an iSCP v2 `BaseTime` carries.
    init(_ baseTime: ISCP2BaseTime) {
        self.init(
            sessionID: baseTime.sessionID, name: baseTime.name, priority: baseTime.priority,
            elapsedTime: baseTime.elapsedTime, baseTime: baseTime.baseTime
        )
    }
}

extension ISCP2BaseTime {
    /// The iSCP v2 form of `baseTime`.
    init(_ baseTime: TelemetryBaseTime) {
        self.init()
        sessionID = baseTime.sessionID
        name = baseTime.name
        priority = baseTime.priority
        elapsedTime = baseTime.elapsedTime
        self.baseTime = baseTime.baseTime
    }
}

extension ISCP2UpstreamInfo {
    /// What a downstream chunk says about the upstream it comes from.
    init(_ upstream: TelemetryUpstream) {
        self.init()
        sessionID = upstream.sessionID
        streamID = upstream.streamID.iscp2StreamID
        sourceNodeID = upstream.sourceNodeID
    }
}

extension ISCP2DownstreamMetadata.OneOf_Metadata {
    /// The iSCP v2 form of `metadata`. The broker does not keep an upstream's QoS, so
    /// `upstream_open` and `upstream_resume` report the default, `UNRELIABLE`.
    init(_ metadata: TelemetryMetadata) {
        switch metadata {
        case .baseTime(let baseTime):
            self = .baseTime(ISCP2BaseTime(baseTime))
        case .upstreamOpened(let upstream):
            var open = ISCP2UpstreamOpen()
            open.streamID = upstream.streamID.iscp2StreamID
            open.sessionID = upstream.sessionID
            self = .upstreamOpen(open)
        case .upstreamResumed(let upstream):
            var resume = ISCP2UpstreamResume()
            resume.streamID = upstream.streamID.iscp2StreamID
            resume.sessionID = upstream.sessionID
            self = .upstreamResume(resume)
        case .upstreamClosed(let upstream, let totalDataPoints, let finalSequenceNumber):
            var close = ISCP2UpstreamNormalClose()
            close.streamID = upstream.streamID.iscp2StreamID
            close.sessionID = upstream.sessionID
            close.totalDataPoints = totalDataPoints
            close.finalSequenceNumber = finalSequenceNumber
            self = .upstreamNormalClose(close)
        case .upstreamLost(let upstream):
            var close = ISCP2UpstreamAbnormalClose()
            close.streamID = upstream.streamID.iscp2StreamID
            close.sessionID = upstream.sessionID
            self = .upstreamAbnormalClose(close)
        }
    }
}

extension ISCP2Message {
    /// A message holding `body`.
    init(_ body: ISCP2Message.OneOf_Message) {
        self.init()
        message = body
    }
}

/// The current time as iSCP v2's `server_time` counts it: nanoseconds since 1970.
func iscp2ServerTime() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1_000_000_000).rounded())
}
