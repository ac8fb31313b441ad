import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import Storage
import Synchronization

/// Seals shared segments: writes a closed segment's staged records into one blob and drops them
/// from the database (``TelemetryChunkIndex``'s shared segments).
///
/// Sealing is idempotent, so any instance may seal any segment, twice or at the same time: both
/// write the same bytes to the same content address, and only the first to finish records it.
/// A writer hands over a segment when it reaches the segment size; as a service the sealer also
/// seals, every `interval`, the segments nobody appended to for `idleTime` (a measurement's
/// tail) and those a stopped instance closed but did not seal.
///
/// ```swift
/// let sealer = TelemetrySegmentSealer(database: database, blobs: blobs, logger: logger)
/// let sealed = try await sealer.sealIdleSegments(idleFor: .seconds(120))
/// ```
public final class TelemetrySegmentSealer: Service, Sendable {
    private let index: TelemetryChunkIndex
    private let blobs: any BlobStore
    private let idleTime: Duration
    private let interval: Duration
    private let logger: Logger
    /// The sealings under way in this process, so that a second request for a segment waits
    /// for the first instead of repeating it.
    private let sealing = Mutex<[TelemetryChunkIndex.SharedSegment: Task<Void, any Error>]>([:])

    /// Creates the sealer of the shared segments indexed in `database`, kept in `blobs`.
    ///
    /// - Parameters:
    ///   - idleTime: How long a segment must have had no append before the service seals it.
    ///   - interval: How often the service looks for such segments.
    public convenience init(
        database: Database, blobs: any BlobStore, idleTime: Duration = .seconds(120), interval: Duration = .seconds(30), logger: Logger
    ) {
        self.init(index: TelemetryChunkIndex(database: database), blobs: blobs, idleTime: idleTime, interval: interval, logger: logger)
    }

    init(index: TelemetryChunkIndex, blobs: any BlobStore, idleTime: Duration, interval: Duration, logger: Logger) {
        self.index = index
        self.blobs = blobs
        self.idleTime = idleTime
        self.interval = interval
        self.logger = logger
    }

    /// Seals idle and half-sealed segments every `interval` until graceful shutdown.
    public func run() async throws {
        await PeriodicWork.run(every: interval, logger: logger, failure: "sealing telemetry segments failed") {
            try await self.sealIdleSegments(idleFor: self.idleTime)
        }
    }

    /// Seals every segment closed but not sealed, and every open one with no append for
    /// `idleTime`.
    ///
    /// - Returns: How many segments it sealed.
    @discardableResult
    public func sealIdleSegments(idleFor idleTime: Duration) async throws -> Int {
        let idleSince = Date().addingTimeInterval(-idleTime.timeInterval)
        let segments = try await index.segmentsToSeal(idleSince: idleSince)
        for segment in segments { try await seal(segment) }
        return segments.count
    }

    /// Takes over a full segment from its writer: closes it to appends, so that the writer's
    /// next batch starts a new segment, and seals it in a task of its own. What fails is logged
    /// and left to the service, which seals closed segments later.
    func handOver(_ segment: TelemetryChunkIndex.SharedSegment) async {
        do {
            _ = try await index.close(segment.segment, of: segment.measurement)
        } catch {
            log(error, sealing: segment)
            return
        }
        Task {
            do {
                try await seal(segment)
            } catch {
                log(error, sealing: segment)
            }
        }
    }

    /// Seals `segment`, or waits for the sealing of it already under way in this process.
    func seal(_ segment: TelemetryChunkIndex.SharedSegment) async throws {
        let task = sealing.withLock { tasks in
            if let running = tasks[segment] { return running }
            let task = Task {
                defer { _ = sealing.withLock { $0.removeValue(forKey: segment) } }
                try await sealNow(segment)
            }
            tasks[segment] = task
            return task
        }
        try await task.value
    }

    /// Logs that sealing `segment` failed with `error`.
    private func log(_ error: any Error, sealing segment: TelemetryChunkIndex.SharedSegment) {
        logger.warning(
            "sealing a telemetry segment failed; it is retried later",
            metadata: ["measurement": "\(TelemetryChunkIndex.key(segment.measurement))", "segment": "\(segment.segment)", "error": "\(error)"]
        )
    }

    /// Closes `segment` to appends, writes its staged records into one blob, and records it
    /// sealed. Does nothing when it is sealed already.
    ///
    /// - Throws: ``TelemetryDataStoreError/corruptRecord(_:)`` when the staged records do not
    ///   run back to back from offset 0, a storage or database error otherwise.
    private func sealNow(_ segment: TelemetryChunkIndex.SharedSegment) async throws {
        guard try await index.close(segment.segment, of: segment.measurement) == nil else { return }
        let records = try await index.stagedRecords(of: segment.segment, of: segment.measurement)
        var bytes = ByteBuffer()
        for (offset, record) in records {
            guard offset == bytes.writerIndex else {
                // Another sealer may have finished first and dropped the staged copies.
                if try await index.sealed(segment.segment, of: segment.measurement) != nil { return }
                throw TelemetryDataStoreError.corruptRecord(
                    "segment \(segment.segment) of measurement \(TelemetryChunkIndex.key(segment.measurement)) has no record at byte \(bytes.writerIndex)"
                )
            }
            bytes.writeBytes(record)
        }
        let stored = try await blobs.write(bytes)
        try await index.markSealed(segment.segment, of: segment.measurement, in: stored.digest)
    }
}
