import ISCP

/// An `UpstreamChunk` as the endpoint handles it: the stream alias, the sequence number, and
/// the groups of points with their data id or alias still unresolved
/// (``ISCP2UpstreamState/resolve(_:)`` resolves them).
///
/// The read loop reads the chunks of the hot path straight from their frames
/// (``init(frame:)``), without building generated messages; anything else goes through the
/// full decoder and ``init(_:)``.
struct ISCP2IncomingChunk: Sendable, Equatable {
    /// How a group names its data id.
    enum Key: Sendable, Equatable {
        /// In full.
        case dataID(TelemetryDataID)
        /// By an alias the server assigned.
        case alias(UInt32)
        /// Not at all (a malformed group, refused with `INVALID_DATA_ID`).
        case missing
    }

    /// The points of one data id.
    struct Group: Sendable, Equatable {
        /// The data id, or its alias.
        var key: Key = .missing
        /// The points, in the order sent.
        var points = TelemetryDataPoints([])
    }

    /// The upstream's alias on the connection.
    var streamIDAlias: UInt32 = 0
    /// The chunk's position in its upstream, from 1.
    var sequenceNumber: UInt32 = 0
    /// The groups.
    var groups: [Group] = []
    /// Data ids the client names for alias assignment (`UpstreamChunk.data_ids`).
    var dataIDs: [TelemetryDataID] = []

    /// The chunk a fully decoded message holds.
    init(_ chunk: ISCP2UpstreamChunk) {
        streamIDAlias = chunk.streamIDAlias
        sequenceNumber = chunk.streamChunk.sequenceNumber
        dataIDs = chunk.dataIds.map(TelemetryDataID.init)
        groups = chunk.streamChunk.dataPointGroups.map { group in
            let key: Key =
                switch group.dataIDOrAlias {
                case .dataID(let dataID): .dataID(TelemetryDataID(dataID))
                case .dataIDAlias(let alias): .alias(alias)
                case nil: .missing
                }
            let points = group.dataPoints.map { TelemetryDataPoint(elapsedTime: $0.elapsedTime, payload: Array($0.payload)) }
            return Group(key: key, points: TelemetryDataPoints(points))
        }
    }

    /// How many points the chunk carries.
    var dataPointCount: Int { groups.reduce(0) { $0 + $1.points.count } }
}
