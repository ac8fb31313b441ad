import Foundation
import NIOPosix

/// Appends the chunks of one measurement to its segment files, or stages them in its shared
/// segments, one batch at a time.
///
/// Appends that arrive while a batch is being written wait and then go to disk together: one
/// write, one `fdatasync` and one index transaction for all of them (group commit). Each
/// append returns only when its bytes are synchronized and its index row is committed.
///
/// On its first write the writer recovers the measurement's directory: bytes past the end of
/// the last indexed record (a torn write, or a record written but never indexed, so never
/// acknowledged) are cut off, and segment files after the last indexed one are removed.
///
/// A writer that shares its segments (given a ``TelemetrySegmentSealer``) keeps no file: each
/// batch is staged in the database in one transaction, and a segment that reaches the segment
/// size is handed to the sealer.
actor TelemetryMeasurementWriter {
    /// The measurement whose chunks this writer appends.
    let measurement: UUID
    /// The measurement's directory of segment files.
    let directory: String
    private let index: TelemetryChunkIndex
    private let segmentSize: Int
    /// Seals full shared segments; `nil` when the writer uses segment files.
    private let sealer: TelemetrySegmentSealer?

    /// The open segment file, once recovered.
    private var current: (file: TelemetrySegmentFile, segment: Int, size: Int)?
    /// Chunks waiting for the next batch.
    private var pending: [TelemetryChunk] = []
    /// The batch being written, if any.
    private var inFlight: Task<Void, any Error>?
    /// The batch that will take what is pending once `inFlight` is done.
    private var next: Task<Void, any Error>?

    /// The most chunks one batch writes.
    private static let maximumBatch = 512

    /// Creates the writer of `measurement`, whose files live in `directory`, or whose shared
    /// segments `sealer` seals.
    init(measurement: UUID, directory: String, index: TelemetryChunkIndex, segmentSize: Int, sealer: TelemetrySegmentSealer?) {
        self.measurement = measurement
        self.directory = directory
        self.index = index
        self.segmentSize = segmentSize
        self.sealer = sealer
    }

    /// Stores `chunk` and returns when it is durable and indexed, or when it was stored before.
    func append(_ chunk: TelemetryChunk) async throws {
        pending.append(chunk)
        let batch: Task<Void, any Error>
        if let next {
            batch = next
        } else {
            let previous = inFlight
            batch = Task { [previous] in
                _ = await previous?.result
                try await self.writePending()
            }
            next = batch
        }
        try await batch.value
    }

    /// Waits for the batches under way or queued, then closes the open segment file, so that
    /// no write is in progress on it when it is closed (and perhaps deleted).
    func close() async {
        repeat {
            _ = await inFlight?.result
            if let queued = next { _ = await queued.result }
        } while next != nil
        closeFile()
    }

    /// Closes the open segment file now; the next write recovers and reopens it.
    private func closeFile() {
        current?.file.close()
        current = nil
    }

    /// Takes every pending chunk (this task is now `inFlight`) and writes them as one batch.
    private func writePending() async throws {
        inFlight = next
        next = nil
        let batch = pending
        pending = []
        try await write(Self.unique(batch))
    }

    /// Writes the chunks of `batch` that are not stored yet, `maximumBatch` at a time.
    private func write(_ batch: [TelemetryChunk]) async throws {
        var keys: Set<TelemetryChunkIndex.ChunkKey> = []
        for chunk in batch { keys.insert(Self.key(of: chunk)) }
        let stored = try await index.storedKeys(among: keys, of: measurement)
        let fresh = batch.filter { !stored.contains(Self.key(of: $0)) }
        for start in stride(from: 0, to: fresh.count, by: Self.maximumBatch) {
            try await writeRecords(of: Array(fresh[start..<min(start + Self.maximumBatch, fresh.count)]))
        }
    }

    /// Encodes `chunks` and stores them: staged in a shared segment when this writer shares its
    /// segments, else in the segment files.
    private func writeRecords(of chunks: [TelemetryChunk]) async throws {
        let encoded = try chunks.map(TelemetryEncodedChunk.init)
        if let sealer {
            guard let (segment, end) = try await index.stage(encoded, of: measurement) else { return }
            if end >= segmentSize { await sealer.handOver(TelemetryChunkIndex.SharedSegment(measurement: measurement, segment: segment)) }
            return
        }
        try await writeToSegmentFile(encoded)
    }

    /// Writes `chunks` after the end of the current segment file (rolling to a new one when it
    /// is full), synchronizes, and indexes them.
    private func writeToSegmentFile(_ chunks: [TelemetryEncodedChunk]) async throws {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        for chunk in chunks {
            offsets.append(bytes.count)
            bytes.append(contentsOf: chunk.record)
        }
        var (file, segment, size) = try await openSegment()
        if size >= segmentSize {
            closeFile()
            (file, segment, size) = try await createSegment(segment + 1)
        }
        let start = size
        do {
            try await NIOThreadPool.singleton.runIfActive { [bytes, file] in
                try file.write(bytes, at: start)
                try file.synchronize()
            }
        } catch {
            // Whatever reached the file is past the indexed end: the next write recovers it.
            closeFile()
            throw error
        }
        current = (file, segment, start + bytes.count)
        let receivedAt = Date()
        let entries = zip(chunks, offsets).map { chunk, offset in
            chunk.entry(segment: segment, offset: start + offset, receivedAt: receivedAt, staged: false)
        }
        do {
            try await index.insert(entries, of: measurement)
        } catch {
            closeFile()
            throw error
        }
    }

    /// The open segment, recovering the directory first when none is open.
    private func openSegment() async throws -> (TelemetrySegmentFile, Int, Int) {
        if let current { return current }
        let end = try await index.end(of: measurement)
        let directory = directory
        let recovered = try await NIOThreadPool.singleton.runIfActive { () throws -> (TelemetrySegmentFile, Int, Int)? in
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let last = end?.segment ?? 0
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
                if let number = TelemetryDataStore.segmentNumber(ofFileNamed: name), number > last {
                    try FileManager.default.removeItem(atPath: directory + "/" + name)
                }
            }
            let file = try TelemetrySegmentFile(path: TelemetryDataStore.segmentPath(last, in: directory), writable: true)
            let size = try file.size()
            let indexedEnd = end?.offset ?? 0
            if size < indexedEnd {
                // Indexed bytes are missing: leave the file for readers to report, write anew.
                file.close()
                return nil
            }
            if size > indexedEnd { try file.truncate(to: indexedEnd) }
            try TelemetrySegmentFile.synchronizeDirectory(directory)
            return (file, last, indexedEnd)
        }
        if let recovered {
            current = recovered
            return recovered
        }
        return try await createSegment((end?.segment ?? 0) + 1)
    }

    /// Creates segment file `number`, empty, and makes its name durable.
    private func createSegment(_ number: Int) async throws -> (TelemetrySegmentFile, Int, Int) {
        let directory = directory
        let file = try await NIOThreadPool.singleton.runIfActive {
            let file = try TelemetrySegmentFile(path: TelemetryDataStore.segmentPath(number, in: directory), writable: true)
            try file.truncate(to: 0)
            try TelemetrySegmentFile.synchronizeDirectory(directory)
            return file
        }
        current = (file, number, 0)
        return (file, number, 0)
    }

    /// The key that makes a chunk unique within its measurement.
    private static func key(of chunk: TelemetryChunk) -> TelemetryChunkIndex.ChunkKey {
        TelemetryChunkIndex.ChunkKey(streamID: chunk.upstream.streamID, sequenceNumber: chunk.sequenceNumber)
    }

    /// `batch` without empty chunks and without repeats of a key, the first of each kept.
    private static func unique(_ batch: [TelemetryChunk]) -> [TelemetryChunk] {
        var seen: Set<TelemetryChunkIndex.ChunkKey> = []
        return batch.filter { $0.dataPointCount > 0 && seen.insert(key(of: $0)).inserted }
    }
}
