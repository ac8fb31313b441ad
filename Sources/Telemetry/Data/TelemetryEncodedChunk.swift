import Foundation

/// A chunk ready to be stored: its record's bytes and what the index says of it, before it
/// has a place in a segment.
struct TelemetryEncodedChunk: Sendable {
    /// The stream the chunk came from.
    let streamID: UUID
    /// Its position in the stream.
    let sequenceNumber: UInt32
    /// Its ``TelemetryChunkRecord``, encoded.
    let record: [UInt8]
    /// How many points it carries.
    let pointCount: Int
    /// Its points by data id.
    let dataIDs: [TelemetryDataIDSummary]

    /// Encodes `chunk`.
    ///
    /// - Throws: ``TelemetryDataStoreError/unstorable(_:)`` when the chunk does not fit the
    ///   record layout.
    init(_ chunk: TelemetryChunk) throws {
        streamID = chunk.upstream.streamID
        sequenceNumber = chunk.sequenceNumber
        record = try TelemetryChunkRecord(streamID: streamID, sequenceNumber: sequenceNumber, groups: chunk.groups).encoded()
        pointCount = chunk.dataPointCount
        dataIDs = Self.summaries(of: chunk.groups)
    }

    /// The index row of the chunk placed at `offset` of `segment`, carrying its record's bytes
    /// when `staged` (a shared segment not sealed yet).
    func entry(segment: Int, offset: Int, receivedAt: Date, staged: Bool) -> TelemetryChunkIndex.Entry {
        TelemetryChunkIndex.Entry(
            streamID: streamID, sequenceNumber: sequenceNumber,
            location: TelemetryChunkLocation(
                segment: segment, offset: offset, length: record.count,
                firstElapsedTime: dataIDs.map(\.firstElapsedTime).min() ?? 0,
                lastElapsedTime: dataIDs.map(\.lastElapsedTime).max() ?? 0,
                receivedAt: receivedAt, record: staged ? record : nil
            ),
            pointCount: pointCount, dataIDs: dataIDs
        )
    }

    /// How many points of each data id `groups` hold, and their span of time.
    private static func summaries(of groups: [TelemetryDataPointGroup]) -> [TelemetryDataIDSummary] {
        var summaries: [TelemetryDataID: TelemetryDataIDSummary] = [:]
        for group in groups where !group.dataPoints.isEmpty {
            let times = group.dataPoints.map(\.elapsedTime)
            let known = summaries[group.dataID]
            summaries[group.dataID] = TelemetryDataIDSummary(
                dataID: group.dataID, pointCount: (known?.pointCount ?? 0) + times.count,
                firstElapsedTime: min(known?.firstElapsedTime ?? .max, times.min()!),
                lastElapsedTime: max(known?.lastElapsedTime ?? .min, times.max()!)
            )
        }
        return Array(summaries.values)
    }
}
