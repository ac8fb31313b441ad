import Foundation
import NIOCore
import NIOPosix
import Storage

/// Reads the points of one query in time order, a chunk at a time.
///
/// Chunks come from the index ordered by the time their points start (by the time they end,
/// for descending queries), a page of rows at a time. Chunks of parallel streams overlap in
/// time, so the cursor keeps a buffer of points read but not yet returned, and reads the next
/// chunk whenever it could hold a point that belongs before the first one in the buffer. The
/// buffer therefore holds only the chunks that overlap the current time, never the whole
/// measurement.
actor TelemetryPointCursor {
    /// A point read but not yet returned, with its sort key.
    private struct Buffered {
        /// The elapsed time for ascending queries, its bitwise complement for descending ones,
        /// so that the next point to return always has the smallest key.
        let key: Int64
        /// The order in which the cursor read it, to break ties.
        let serial: Int
        /// The point.
        let point: TelemetryStoredDataPoint
    }

    private let measurement: UUID
    private let directory: String
    private let blobs: (any BlobStore)?
    private let index: TelemetryChunkIndex
    private let range: Range<Int64>
    private let filters: [TelemetryDataFilter]?
    private let order: TelemetryQueryOrder
    private let limit: Int?

    /// Index rows fetched but not read yet.
    private var locations: ArraySlice<TelemetryChunkLocation> = []
    /// The last row fetched, where the next page starts.
    private var lastLocation: TelemetryChunkLocation?
    /// Whether the index has no more rows.
    private var indexExhausted = false
    /// Points in the reverse of the order they are returned in (the next one last).
    private var buffer: [Buffered] = []
    private var serial = 0
    private var returned = 0
    private var files: [Int: TelemetrySegmentFile] = [:]
    /// The sealed form of each shared segment looked up, `nil` for segment files.
    private var sealedSegments: [Int: TelemetryChunkIndex.SealedSegment?] = [:]
    /// The bytes last read from a sealed segment's blob: a window around the records read.
    private var window: (segment: Int, start: Int, bytes: [UInt8])?

    /// Index rows fetched per page.
    private static let pageSize = 64
    /// How much of a sealed segment one read of its blob fetches, at least.
    private static let windowSize = 1 << 20

    /// Creates a cursor over the points of `measurement` (files in `directory`, sealed shared
    /// segments in `blobs`) in `range` whose data id matches one of `filters` (any, when `nil`).
    init(
        measurement: UUID, directory: String, blobs: (any BlobStore)?, index: TelemetryChunkIndex, range: Range<Int64>,
        filters: [TelemetryDataFilter]?, order: TelemetryQueryOrder, limit: Int?
    ) {
        self.measurement = measurement
        self.directory = directory
        self.blobs = blobs
        self.index = index
        self.range = range
        self.filters = filters
        self.order = order
        self.limit = limit
    }

    deinit {
        for file in files.values { file.close() }
    }

    /// The next points in order: every buffered point that no unread chunk can come before, at
    /// least one; empty when there are no more (or the limit is reached).
    ///
    /// A chunk's points usually all come before the next chunk's first, so a batch is usually
    /// a chunk's worth: the reader pays for one call per chunk, not per point.
    func nextBatch() async throws -> [TelemetryStoredDataPoint] {
        let remaining = limit.map { $0 - returned } ?? .max
        guard remaining > 0 else { return finish() }
        while true {
            let location = try await peekLocation()
            if let location, buffer.isEmpty || lead(of: location) <= buffer.last!.key {
                locations.removeFirst()
                try await read(location)
                continue
            }
            guard !buffer.isEmpty else { return finish() }
            // The next chunk's points all have keys of at least its lead.
            let bound = location.map(lead(of:)) ?? .max
            var batch: [TelemetryStoredDataPoint] = []
            batch.reserveCapacity(min(remaining, buffer.count))
            // Points are moved out of the buffer, not copied: a copy retains their references.
            while batch.count < remaining, !buffer.isEmpty, location == nil || buffer[buffer.count - 1].key < bound {
                batch.append(buffer.removeLast().point)
            }
            returned += batch.count
            return batch
        }
    }

    /// Closes the files and returns no points.
    private func finish() -> [TelemetryStoredDataPoint] {
        for file in files.values { file.close() }
        files = [:]
        buffer = []
        return []
    }

    /// The smallest key a point of the chunk at `location` can have.
    private func lead(of location: TelemetryChunkLocation) -> Int64 {
        order == .ascending ? location.firstElapsedTime : ~location.lastElapsedTime
    }

    /// The next index row, fetching a page when none is left.
    private func peekLocation() async throws -> TelemetryChunkLocation? {
        if locations.isEmpty, !indexExhausted {
            let page = try await index.locations(of: measurement, overlapping: range, order: order, after: lastLocation, limit: Self.pageSize)
            indexExhausted = page.count < Self.pageSize
            lastLocation = page.last ?? lastLocation
            locations = page[...]
        }
        return locations.first
    }

    /// Where a point read from a chunk goes in the cursor's order: its key, and its position
    /// among the chunk's wanted points (which breaks ties, as the order of reading does).
    ///
    /// The chunk's points are ordered by sorting these, which hold no references, rather
    /// than the points themselves, whose every move in a sort retains and releases their
    /// data id and payload.
    private struct SortKey {
        /// The point's key (see ``Buffered/key``).
        let key: Int64
        /// The point's position among the chunk's wanted points.
        let position: Int
    }

    /// Reads the chunk at `location` and merges its wanted points into the buffer.
    private func read(_ location: TelemetryChunkLocation) async throws {
        let bytes = try await recordBytes(at: location)
        let record: TelemetryChunkRecord
        do {
            record = try TelemetryChunkRecord(decoding: bytes)
        } catch let error as TelemetryDataStoreError {
            throw error.located("segment \(location.segment) of measurement \(TelemetryChunkIndex.key(measurement)) at byte \(location.offset)")
        }
        let capacity = record.groups.reduce(0) { $0 + $1.dataPoints.count }
        var points: [TelemetryStoredDataPoint] = []
        points.reserveCapacity(capacity)
        var keys: [SortKey] = []
        keys.reserveCapacity(capacity)
        for group in record.groups where filters.map({ $0.contains { $0.matches(group.dataID) } }) ?? true {
            for point in group.dataPoints where range.contains(point.elapsedTime) {
                keys.append(SortKey(key: order == .ascending ? point.elapsedTime : ~point.elapsedTime, position: points.count))
                points.append(TelemetryStoredDataPoint(dataID: group.dataID, dataPoint: point, receivedAt: location.receivedAt))
            }
        }
        guard !points.isEmpty else { return }
        // A chunk of one data id, or whose groups follow each other in time, is in order already.
        if zip(keys, keys.dropFirst()).contains(where: { $0.key > $1.key }) {
            keys.sort { ($0.key, $0.position) < ($1.key, $1.position) }
        }
        var fresh: [Buffered] = []
        fresh.reserveCapacity(points.count)
        for entry in keys.reversed() {
            fresh.append(Buffered(key: entry.key, serial: serial + entry.position, point: points[entry.position]))
        }
        serial += points.count
        // Usually every point read before was returned: the chunk's points are the buffer.
        buffer = buffer.isEmpty ? fresh : Self.merge(fresh, buffer)
    }

    /// Two buffers (descending by key, then serial) merged into one, descending.
    private static func merge(_ first: [Buffered], _ second: [Buffered]) -> [Buffered] {
        var merged: [Buffered] = []
        merged.reserveCapacity(first.count + second.count)
        var firstIndex = 0
        var secondIndex = 0
        while firstIndex < first.count || secondIndex < second.count {
            let takeFirst: Bool
            if firstIndex == first.count {
                takeFirst = false
            } else if secondIndex == second.count {
                takeFirst = true
            } else {
                takeFirst = (first[firstIndex].key, first[firstIndex].serial) > (second[secondIndex].key, second[secondIndex].serial)
            }
            if takeFirst {
                merged.append(first[firstIndex])
                firstIndex += 1
            } else {
                merged.append(second[secondIndex])
                secondIndex += 1
            }
        }
        return merged
    }

    /// The bytes of the record at `location`: staged in its row, in its sealed segment's blob,
    /// or in a segment file.
    private func recordBytes(at location: TelemetryChunkLocation) async throws -> [UInt8] {
        if let record = location.record { return record }
        if let blobs, let sealed = try await sealedSegment(location.segment) {
            return try await read(location, in: sealed, of: blobs)
        }
        let file = try await segmentFile(location.segment)
        return try await NIOThreadPool.singleton.runIfActive { try file.read(count: location.length, at: location.offset) }
    }

    /// The record at `location` read from the blob of its sealed segment, through a window of at
    /// least ``windowSize`` bytes that reaches ahead in the order of the query, so that reading a
    /// segment's records one after the other costs one read of the store per window.
    private func read(
        _ location: TelemetryChunkLocation, in sealed: TelemetryChunkIndex.SealedSegment, of blobs: any BlobStore
    ) async throws -> [UInt8] {
        let end = location.offset + location.length
        if let window, window.segment == location.segment, location.offset >= window.start, end <= window.start + window.bytes.count {
            return Array(window.bytes[(location.offset - window.start)..<(end - window.start)])
        }
        let span = max(Self.windowSize, location.length)
        let start = order == .ascending ? location.offset : max(0, end - span)
        let stop = order == .ascending ? min(sealed.length, max(end, location.offset + span)) : end
        guard end <= sealed.length else {
            throw TelemetryDataStoreError.corruptRecord("a record ends at byte \(end) of segment \(location.segment), after the segment's \(sealed.length) bytes")
        }
        let buffer = try await blobs.readAll(sealed.digest, range: Int64(start)..<Int64(stop))
        let bytes = Array(buffer.readableBytesView)
        window = (location.segment, start, bytes)
        guard bytes.count == stop - start else {
            throw TelemetryDataStoreError.corruptRecord("segment \(location.segment)'s blob gave \(bytes.count) of \(stop - start) bytes")
        }
        return Array(bytes[(location.offset - start)..<(end - start)])
    }

    /// The sealed form of shared segment `number`, or `nil` for a segment file, looked up once.
    private func sealedSegment(_ number: Int) async throws -> TelemetryChunkIndex.SealedSegment? {
        if let known = sealedSegments[number] { return known }
        let sealed = try await index.sealed(number, of: measurement)
        sealedSegments[number] = .some(sealed)
        return sealed
    }

    /// Segment file `number`, opened for reading on first use.
    private func segmentFile(_ number: Int) async throws -> TelemetrySegmentFile {
        if let file = files[number] { return file }
        let path = TelemetryDataStore.segmentPath(number, in: directory)
        let file = try await NIOThreadPool.singleton.runIfActive { try TelemetrySegmentFile(path: path, writable: false) }
        files[number] = file
        return file
    }
}
