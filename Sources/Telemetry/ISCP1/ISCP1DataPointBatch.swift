/// Data points gathered from iSCP 1.0 units, grouped by data id in the order the ids first
/// appeared: the groups of a ``TelemetryChunk`` in the making.
struct ISCP1DataPointBatch {
    /// The memory the points take, roughly: their payloads plus a fixed cost each.
    private(set) var byteCount = 0
    /// How many points were added.
    private(set) var pointCount = 0
    private var groupIndexes: [TelemetryDataID: Int] = [:]
    private var points: [[TelemetryDataPoint]] = []
    private var dataIDs: [TelemetryDataID] = []

    /// What a point costs besides its payload: its time, its array slot, its share of a group.
    static let pointOverhead = 32

    /// Whether no point was added.
    var isEmpty: Bool { dataIDs.isEmpty }

    /// Adds `point` to the group of `dataID`.
    mutating func append(_ point: TelemetryDataPoint, of dataID: TelemetryDataID) {
        if let index = groupIndexes[dataID] {
            points[index].append(point)
        } else {
            groupIndexes[dataID] = dataIDs.count
            dataIDs.append(dataID)
            points.append([point])
        }
        byteCount += point.payload.count + Self.pointOverhead
        pointCount += 1
    }

    /// The chunk of `upstream` at `sequenceNumber` that carries the points.
    func chunk(of upstream: TelemetryUpstream, sequenceNumber: UInt32) -> TelemetryChunk {
        TelemetryChunk(
            upstream: upstream,
            sequenceNumber: sequenceNumber,
            groups: zip(dataIDs, points).map { TelemetryDataPointGroup(dataID: $0, dataPoints: $1) }
        )
    }
}
