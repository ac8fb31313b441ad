import Foundation
import ISCP

/// What the server keeps about one open iSCP v2 upstream: which stream it is, how it stores,
/// its data-id aliases and its progress. It moves from a connection to the resume registry
/// when the connection is lost, and back to a connection when the client resumes it.
struct ISCP2UpstreamState: ISCP2ResumableStream {
    static let kind = "upstream"

    /// The stream, its session and its node.
    let upstream: TelemetryUpstream
    /// The quality of service the client asked for (reported in metadata, not enforced).
    let qos: ISCP2QoS
    /// Whether chunks are stored before they are acknowledged.
    let persists: Bool
    /// How long the stream stays resumable after its connection is lost.
    let expiryInterval: Duration
    /// How long the client lets the server gather the stream's chunk results before it
    /// acknowledges them (`ack_interval`).
    let ackInterval: Duration
    /// The data-id aliases assigned so far.
    private(set) var aliases = ISCP2DataIDAliasTable()
    /// How many data points were accepted.
    private(set) var totalDataPoints: UInt64 = 0
    /// The highest sequence number accepted so far.
    private(set) var highestAcceptedSequenceNumber: UInt32 = 0
    /// Sequence numbers below ``highestAcceptedSequenceNumber`` that failed, so that a resend
    /// of one of them (after a resume) is processed again rather than taken as a duplicate.
    private var failedSequenceNumbers: Set<UInt32> = []

    /// Creates the state of a newly opened upstream, with no aliases yet.
    init(upstream: TelemetryUpstream, qos: ISCP2QoS, persists: Bool, expiryInterval: Duration, ackInterval: Duration) {
        self.upstream = upstream
        self.qos = qos
        self.persists = persists
        self.expiryInterval = expiryInterval
        self.ackInterval = ackInterval
    }

    /// The state of an upstream opened elsewhere (on another instance of the deployment),
    /// with the aliases it had assigned there.
    init(
        upstream: TelemetryUpstream, qos: ISCP2QoS, persists: Bool, expiryInterval: Duration, ackInterval: Duration,
        aliases: [UInt32: TelemetryDataID]
    ) {
        self.init(upstream: upstream, qos: qos, persists: persists, expiryInterval: expiryInterval, ackInterval: ackInterval)
        self.aliases = ISCP2DataIDAliasTable(restoring: aliases)
    }

    /// Takes `progress`, what another instance stored of the upstream, as accepted: a chunk
    /// up to its highest sequence number sent again is acknowledged without being stored or
    /// routed a second time.
    mutating func accept(stored progress: TelemetryStreamProgress) {
        totalDataPoints = max(totalDataPoints, progress.dataPoints)
        highestAcceptedSequenceNumber = max(highestAcceptedSequenceNumber, progress.highestSequenceNumber)
    }

    /// The upstream's stream id.
    var streamID: UUID { upstream.streamID }
    /// The node that sends the upstream.
    var ownerNodeID: String { upstream.sourceNodeID }

    /// Whether a connection of `nodeID` may resume the upstream: only its own node may.
    func mayBeResumed(byNode nodeID: String, user userID: String) -> Bool {
        upstream.sourceNodeID == nodeID
    }

    /// Assigns aliases to the data ids that have none and returns the new ones.
    mutating func assignAliases(to dataIDs: [TelemetryDataID]) -> [UInt32: ISCP2DataID] {
        var assigned: [UInt32: ISCP2DataID] = [:]
        for dataID in dataIDs {
            if let alias = aliases.assign(dataID) { assigned[alias] = ISCP2DataID(dataID) }
        }
        return assigned
    }

    /// Whether a chunk with `sequenceNumber` was already accepted (a resend after a resume):
    /// it is acknowledged again but neither stored nor routed a second time.
    func hasAccepted(_ sequenceNumber: UInt32) -> Bool {
        sequenceNumber <= highestAcceptedSequenceNumber && !failedSequenceNumbers.contains(sequenceNumber)
    }

    /// Turns the groups of `chunk` into broker groups, resolving data-id aliases, and assigns
    /// aliases to the data ids the chunk names in full.
    mutating func resolve(_ chunk: ISCP2IncomingChunk) -> Result<ISCP2ResolvedChunk, ISCP2Failure> {
        var newAliases = assignAliases(to: chunk.dataIDs)
        var groups: [TelemetryDataPointGroup] = []
        groups.reserveCapacity(chunk.groups.count)
        for group in chunk.groups {
            let dataID: TelemetryDataID
            switch group.key {
            case .dataID(let full):
                dataID = full
                if let alias = aliases.assign(dataID) { newAliases[alias] = ISCP2DataID(full) }
            case .alias(let alias):
                guard let known = aliases.dataID(for: alias) else {
                    return .failure(ISCP2Failure(.invalidDataIDAlias, "the data id alias \(alias) was never assigned on this upstream"))
                }
                dataID = known
            case .missing:
                return .failure(ISCP2Failure(.invalidDataID, "a data point group has neither a data id nor an alias"))
            }
            groups.append(TelemetryDataPointGroup(dataID: dataID, dataPoints: group.points))
        }
        let telemetryChunk = TelemetryChunk(upstream: upstream, sequenceNumber: chunk.sequenceNumber, groups: groups)
        return .success(ISCP2ResolvedChunk(chunk: telemetryChunk, newAliases: newAliases))
    }

    /// Records that `chunk` was stored (when the upstream persists) and routed.
    mutating func accept(_ chunk: TelemetryChunk) {
        totalDataPoints &+= UInt64(chunk.dataPointCount)
        failedSequenceNumbers.remove(chunk.sequenceNumber)
        highestAcceptedSequenceNumber = max(highestAcceptedSequenceNumber, chunk.sequenceNumber)
    }

    /// Records that the chunk with `sequenceNumber` could not be accepted.
    mutating func reject(_ sequenceNumber: UInt32) {
        if sequenceNumber < highestAcceptedSequenceNumber { failedSequenceNumbers.insert(sequenceNumber) }
    }
}

/// An upstream chunk in the broker's terms, and the data-id aliases assigned while reading it.
struct ISCP2ResolvedChunk: Sendable {
    /// The chunk to store and route.
    let chunk: TelemetryChunk
    /// Aliases for data ids the client sent in full for the first time, for the ack.
    let newAliases: [UInt32: ISCP2DataID]
}
