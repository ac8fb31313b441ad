import Foundation
import NIOCore
import NIOPosix
import Storage

/// Reads the points of one query in time order, a batch at a time.
///
/// Chunks come from the index ordered by the time their points start (by the time they end,
/// for descending queries), a page of rows at a time. Chunks of parallel streams overlap in
/// time, so the cursor keeps a buffer of points read but not yet returned, and reads the next
/// chunk whenever it could hold a point that belongs before the first one in the buffer, or
/// the buffer holds less than a batch. The buffer therefore holds only the chunks that overlap
/// the current time and about a batch of points after them, never the whole measurement.
actor TelemetryPointCursor {
    /// A point read but not yet returned: its sort key and where it lies.
    ///
    /// It holds no references, so that sorting, merging and moving the buffer costs no
    /// retains and releases; the point itself is made once, when it is returned.
    private struct Buffered {
        /// The elapsed time for ascending queries, its bitwise complement for descending ones,
        /// so that the next point to return always has the smallest key.
        let key: Int64
        /// The chunk it was read from: the chunks are numbered from 0 in the order read.
        let chunk: Int
        /// Its group in the chunk's record.
        let group: Int32
        /// Where its payload starts in the chunk's record; it also orders the points of one
        /// record.
        let payloadStart: Int32
        /// Its payload's length.
        let payloadCount: Int32
    }

    /// A chunk whose points are in the buffer.
    private struct ReadChunk {
        /// The chunk's record.
        let record: TelemetryPointBatch.Record
        /// How many of its points are in the buffer still.
        var buffered: Int
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
    /// How many index rows the next page fetches.
    private var pageSize = firstPageSize
    /// Points in the reverse of the order they are returned in (the next one last).
    private var buffer: [Buffered] = []
    private var returned = 0
    /// The chunks read whose points may be in the buffer, in the order they were read: the
    /// first has serial number ``firstChunkSerial``. Chunks are let go from the front, once
    /// none of their points is buffered (the chunks after them usually follow soon).
    private var chunks: [ReadChunk] = []
    /// The serial number of the first of ``chunks``.
    private var firstChunkSerial = 0
    private var files: [Int: TelemetrySegmentFile] = [:]
    /// The sealed form of each shared segment looked up, `nil` for segment files.
    private var sealedSegments: [Int: TelemetryChunkIndex.SealedSegment?] = [:]
    /// The bytes last read from a segment (a file or a sealed segment's blob): a window around
    /// the records read.
    private var window: (segment: Int, start: Int, bytes: [UInt8])?
    /// The memory of the last record's layout points, for the next record's.
    private var layoutPoints: [TelemetryChunkRecordLayout.Point] = []
    /// Empty buffers whose memory the next chunk's runs and merges take: a chunk's points
    /// are hundreds of kilobytes, which the allocator would map and the kernel zero anew for
    /// every chunk.
    private var spareBuffers: [[Buffered]] = []

    /// Index rows fetched by the first page; each page after it fetches twice as many as the
    /// one before, up to ``maximumPageSize``: a short query reads few rows (which may hold
    /// staged records), a long one few pages.
    private static let firstPageSize = 64
    /// The most index rows one page fetches.
    private static let maximumPageSize = 1_024
    /// The most points one batch holds: enough that a call costs little per point, few enough
    /// that a batch, and what a reader makes of it, stays small (in the processor's caches,
    /// and below the size the allocator maps fresh pages for).
    static let batchSize = 1_024
    /// How much of a sealed segment one read of its blob fetches, at least, and of a segment
    /// file at most.
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

    /// The next points in order: buffered points that no unread chunk can come before, at
    /// least one and at most ``batchSize``; empty when there are no more (or the limit is
    /// reached).
    ///
    /// Chunks are read until the buffer holds a batch's worth of points, or the next chunk
    /// could hold the next point: a chunk's points usually all come before the next chunk's
    /// first, so the reader pays for one call per ``batchSize`` points, not per point, however
    /// small the chunks a device sent.
    func nextBatch() async throws -> TelemetryPointBatch {
        let remaining = min(Self.batchSize, limit.map { $0 - returned } ?? .max)
        guard remaining > 0 else { return finish() }
        while true {
            let location = try await peekLocation()
            if let location, buffer.count < remaining || lead(of: location) <= buffer.last!.key {
                locations.removeFirst()
                try await read(location)
                continue
            }
            guard !buffer.isEmpty else { return finish() }
            // The next chunk's points all have keys of at least its lead. Whether there is one
            // is asked once here, not per point: each asking copies the location.
            let bound = location.map(lead(of:)) ?? .max
            let bounded = location != nil
            // The buffer and chunks are taken out of the actor while the batch is made, so that
            // taking each point costs no dynamic check of exclusive access.
            var entries = buffer
            var readChunks = chunks
            let firstSerial = firstChunkSerial
            let descending = order == .descending
            buffer = []
            chunks = []
            // The points go out from the buffer's end, written in place.
            let points = entries.withUnsafeBufferPointer { entries in
                readChunks.withUnsafeMutableBufferPointer { readChunks in
                    [TelemetryPointBatch.Point](unsafeUninitializedCapacity: min(remaining, entries.count)) { points, count in
                        var index = entries.count - 1
                        while count < points.count, index >= 0, !bounded || entries[index].key < bound {
                            let entry = entries[index]
                            let position = entry.chunk - firstSerial
                            readChunks[position].buffered -= 1
                            points.initializeElement(
                                at: count,
                                to: TelemetryPointBatch.Point(
                                    elapsedTime: descending ? ~entry.key : entry.key, record: Int32(position), group: entry.group,
                                    payloadStart: entry.payloadStart, payloadCount: entry.payloadCount
                                ))
                            count += 1
                            index -= 1
                        }
                    }
                }
            }
            entries.removeLast(points.count)
            let batch = TelemetryPointBatch(records: readChunks.map(\.record), points: points)
            // The chunks none of whose points is buffered any more are let go from the front.
            let done = readChunks.prefix { $0.buffered == 0 }.count
            buffer = entries
            chunks = Array(readChunks.dropFirst(done))
            firstChunkSerial = firstSerial + done
            returned += points.count
            return batch
        }
    }

    /// Closes the files, lets go of the buffers' memory and returns no points.
    private func finish() -> TelemetryPointBatch {
        for file in files.values { file.close() }
        files = [:]
        buffer = []
        chunks = []
        spareBuffers = []
        layoutPoints = []
        return .empty
    }

    /// The smallest key a point of the chunk at `location` can have.
    private func lead(of location: TelemetryChunkLocation) -> Int64 {
        order == .ascending ? location.firstElapsedTime : ~location.lastElapsedTime
    }

    /// The next index row, fetching a page when none is left.
    private func peekLocation() async throws -> TelemetryChunkLocation? {
        if locations.isEmpty, !indexExhausted {
            let page = try await index.locations(of: measurement, overlapping: range, order: order, after: lastLocation, limit: pageSize)
            indexExhausted = page.count < pageSize
            pageSize = min(pageSize * 2, Self.maximumPageSize)
            lastLocation = page.last ?? lastLocation
            locations = page[...]
        }
        return locations.first
    }

    /// Reads the chunk at `location` and merges its wanted points into the buffer.
    ///
    /// Each group's points usually come in time order already: they are taken as runs,
    /// sorted only when they are not, and merged, so that a chunk of several data ids whose
    /// points take turns costs a few passes over its points rather than a sort.
    private func read(_ location: TelemetryChunkLocation) async throws {
        let bytes = try await recordBytes(at: location)
        let layout: TelemetryChunkRecordLayout
        do {
            var storage: [TelemetryChunkRecordLayout.Point] = []
            swap(&storage, &layoutPoints)
            layout = try TelemetryChunkRecordLayout(of: bytes, pointStorage: storage)
        } catch let error as TelemetryDataStoreError {
            throw error.located("segment \(location.segment) of measurement \(TelemetryChunkIndex.key(measurement)) at byte \(location.offset)")
        }
        let chunk = firstChunkSerial + chunks.count
        let descending = order == .descending
        // The groups' runs one after the other, written in place (at most every point of the
        // record); each ends where `runEnds` says.
        var runs = spareBuffer(count: layout.points.count)
        var runEnds: [Int] = []
        var count = 0
        runs.withUnsafeMutableBufferPointer { runs in
            layout.points.withUnsafeBufferPointer { points in
                for (groupIndex, group) in layout.groups.enumerated() where filters.map({ $0.contains { $0.matches(group.dataID) } }) ?? true {
                    let runStart = count
                    var inOrder = true
                    // The next point goes last: for ascending queries the group's last point goes first.
                    let (first, last) = (group.points.lowerBound, group.points.upperBound - 1)
                    for position in stride(from: descending ? first : last, through: descending ? last : first, by: descending ? 1 : -1) {
                        let point = points[position]
                        guard range.contains(point.elapsedTime) else { continue }
                        let entry = Buffered(
                            key: descending ? ~point.elapsedTime : point.elapsedTime, chunk: chunk, group: Int32(groupIndex),
                            payloadStart: point.payloadStart, payloadCount: point.payloadCount
                        )
                        if inOrder, count > runStart, !Self.precedes(runs[count - 1], entry) { inOrder = false }
                        runs[count] = entry
                        count += 1
                    }
                    if !inOrder {
                        var run = UnsafeMutableBufferPointer(rebasing: runs[runStart..<count])
                        run.sort(by: Self.precedes)
                    }
                    if count > runStart { runEnds.append(count) }
                }
            }
        }
        runs.removeLast(runs.count - count)
        layoutPoints = layout.points
        guard !runEnds.isEmpty else { return recycle(&runs) }
        mergeRuns(&runs, ending: runEnds)
        chunks.append(
            ReadChunk(
                record: TelemetryPointBatch.Record(bytes: bytes, dataIDs: layout.groups.map(\.dataID), receivedAt: location.receivedAt),
                buffered: runs.count
            ))
        // Usually every point read before was returned: the chunk's points are the buffer.
        // Points read before come first among those of the same time.
        if buffer.isEmpty {
            swap(&buffer, &runs)
        } else {
            var merged = spareBuffer(count: runs.count + buffer.count)
            Self.merge(runs[...], buffer[...], into: &merged, at: 0) { $0.key >= $1.key }
            swap(&buffer, &merged)
            recycle(&merged)
        }
        recycle(&runs)
    }

    /// Merges `runs` (runs each in the order ``precedes(_:_:)`` gives, the first ending at
    /// `ends[0]`, the next at `ends[1]`…) pairwise into one in that order, through spare
    /// buffers.
    private func mergeRuns(_ runs: inout [Buffered], ending ends: [Int]) {
        var ends = ends
        while ends.count > 1 {
            var target = spareBuffer(count: runs.count)
            var targetEnds: [Int] = []
            var start = 0
            for pair in stride(from: 0, to: ends.count, by: 2) {
                let middle = ends[pair]
                let end = pair + 1 < ends.count ? ends[pair + 1] : middle
                Self.merge(runs[middle..<end], runs[start..<middle], into: &target, at: start, by: Self.precedes)
                targetEnds.append(end)
                start = end
            }
            swap(&runs, &target)
            recycle(&target)
            ends = targetEnds
        }
    }

    /// A buffer of `count` points to be overwritten, with the memory of one used before when
    /// there is one: its points are left over from that use.
    ///
    /// Only the points a buffer gains are written before it is handed out; the others keep
    /// what they held, so that a buffer costs no pass over its memory before it is filled.
    private func spareBuffer(count: Int) -> [Buffered] {
        var buffer = spareBuffers.popLast() ?? []
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else {
            buffer.append(
                contentsOf: repeatElement(Buffered(key: 0, chunk: 0, group: 0, payloadStart: 0, payloadCount: 0), count: count - buffer.count))
        }
        return buffer
    }

    /// Keeps the memory of `buffer`, which is done with, for ``spareBuffer(count:)`` (at most
    /// two buffers'), and leaves `buffer` empty.
    private func recycle(_ buffer: inout [Buffered]) {
        if spareBuffers.count < 2, buffer.capacity > 0 { spareBuffers.append(buffer) }
        buffer = []
    }

    /// Whether `first` lies before `second` in a buffer of one chunk's points (which holds the
    /// next point last): it comes later in time, or at the same time later in the record.
    private static func precedes(_ first: Buffered, _ second: Buffered) -> Bool {
        first.key > second.key || (first.key == second.key && first.payloadStart > second.payloadStart)
    }

    /// Writes two runs (each in the order `precedes` gives) merged in that order into `merged`
    /// from position `start` on, through pointers: a merge moves each point once, with no
    /// check of the arrays' bounds and uniqueness per point.
    private static func merge(
        _ first: ArraySlice<Buffered>, _ second: ArraySlice<Buffered>, into merged: inout [Buffered], at start: Int,
        by precedes: (Buffered, Buffered) -> Bool
    ) {
        precondition(start + first.count + second.count <= merged.count, "no room for the merged runs")
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                merged.withUnsafeMutableBufferPointer { merged in
                    var (firstIndex, secondIndex, target) = (0, 0, start)
                    while firstIndex < first.count, secondIndex < second.count {
                        let (candidate, other) = (first[firstIndex], second[secondIndex])
                        if precedes(candidate, other) {
                            merged[target] = candidate
                            firstIndex += 1
                        } else {
                            merged[target] = other
                            secondIndex += 1
                        }
                        target += 1
                    }
                    for index in firstIndex..<first.count {
                        merged[target] = first[index]
                        target += 1
                    }
                    for index in secondIndex..<second.count {
                        merged[target] = second[index]
                        target += 1
                    }
                }
            }
        }
    }

    /// The bytes of the record at `location`: staged in its row, or else read through a window
    /// of its segment (a segment file or a sealed segment's blob) that holds the records after
    /// it in the order of the query, so that reading a segment's records one after the other
    /// costs one read (one trip to the thread pool, or to the blob store) per window, not per
    /// record.
    private func recordBytes(at location: TelemetryChunkLocation) async throws -> [UInt8] {
        if let record = location.record { return record }
        let end = location.offset + location.length
        if let window, window.segment == location.segment, location.offset >= window.start, end <= window.start + window.bytes.count {
            return Array(window.bytes[(location.offset - window.start)..<(end - window.start)])
        }
        let start: Int
        let bytes: [UInt8]
        if let blobs, let sealed = try await sealedSegment(location.segment) {
            (start, bytes) = try await readWindow(around: location, in: sealed, of: blobs)
        } else {
            (start, bytes) = try await readWindow(around: location)
        }
        window = (location.segment, start, bytes)
        // A file that ends early gives what it has of the record, which its layout reports.
        let available = max(location.offset - start, min(end - start, bytes.count))
        return Array(bytes[(location.offset - start)..<available])
    }

    /// Reads a window of at least ``windowSize`` bytes of a sealed segment's blob that holds
    /// the record at `location` and reaches ahead in the order of the query; returns where it
    /// starts and its bytes. A sealed segment never changes, so the window may hold records no
    /// index row names yet.
    private func readWindow(
        around location: TelemetryChunkLocation, in sealed: TelemetryChunkIndex.SealedSegment, of blobs: any BlobStore
    ) async throws -> (start: Int, bytes: [UInt8]) {
        let end = location.offset + location.length
        let span = max(Self.windowSize, location.length)
        let start = order == .ascending ? location.offset : max(0, end - span)
        let stop = order == .ascending ? min(sealed.length, max(end, location.offset + span)) : end
        guard end <= sealed.length else {
            throw TelemetryDataStoreError.corruptRecord(
                "a record ends at byte \(end) of segment \(location.segment), after the segment's \(sealed.length) bytes")
        }
        let buffer = try await blobs.readAll(sealed.digest, range: Int64(start)..<Int64(stop))
        let bytes = Array(buffer.readableBytesView)
        guard bytes.count == stop - start else {
            throw TelemetryDataStoreError.corruptRecord("segment \(location.segment)'s blob gave \(bytes.count) of \(stop - start) bytes")
        }
        return (start, bytes)
    }

    /// Reads a window of a segment file that holds the record at `location` and those of the
    /// index rows fetched after it in the same file that fit with it in ``windowSize`` bytes;
    /// returns where it starts and its bytes (fewer when the file ends first).
    ///
    /// It reaches no further than the indexed records: bytes past the last one may still be
    /// being written, or be cut off and written anew when the writer recovers. Every byte
    /// before an indexed record's end is final.
    private func readWindow(around location: TelemetryChunkLocation) async throws -> (start: Int, bytes: [UInt8]) {
        var lower = location.offset
        var upper = location.offset + location.length
        for next in locations where next.segment == location.segment && next.record == nil {
            let (wider, higher) = (min(lower, next.offset), max(upper, next.offset + next.length))
            if higher - wider <= Self.windowSize { (lower, upper) = (wider, higher) }
        }
        let file = try await segmentFile(location.segment)
        let start = lower
        let bytes = try await NIOThreadPool.singleton.runIfActive { [upper] in try file.read(count: upper - start, at: start) }
        return (start, bytes)
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
