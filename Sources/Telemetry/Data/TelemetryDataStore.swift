import Foundation
import NIOPosix
import Storage

/// The stored data points of every measurement: append-only segments, indexed in the database.
///
/// On its own, an instance keeps each measurement's segments as files in a directory
/// `<root>/<measurement uuid>/`: `00000000.chunks`, `00000001.chunks`, …; a new one starts when
/// the current one reaches the segment size. A chunk is one ``TelemetryChunkRecord`` in a
/// segment; the index (``TelemetryDataMigrations``) says where each chunk lies, which span of
/// time it covers, and which data ids each measurement has.
///
/// Instances that share no disk share their segments instead (`sharedSegments`): each batch of
/// records is staged in its index rows, and a segment that is full or idle is sealed into one
/// blob of the blob store (``TelemetrySegmentSealer``). Every instance then reads every
/// measurement, whichever instance received it.
///
/// ```swift
/// let store = TelemetryDataStore(database: database, directory: TelemetryDataStore.directory(in: dataDirectory))
/// try await store.append(chunk, measurement: measurement)          // durable when it returns
/// for try await stored in store.points(measurement: measurement, elapsedRange: 0..<5_000_000_000) {
///     print(stored.dataID, stored.dataPoint.elapsedTime)
/// }
/// ```
///
/// Nothing acknowledged is lost: ``append(_:measurement:)`` returns once the record is
/// synchronized to disk and its index row committed (or, shared, once the transaction that
/// stages it committed). A crash between the two leaves bytes that no index row names; the next
/// append to the measurement cuts them off. Appends to one measurement are serialized and
/// batched (see ``TelemetryMeasurementWriter``); appends to different measurements run in
/// parallel. A chunk whose stream and sequence number are already stored is acknowledged
/// without being stored again.
public final class TelemetryDataStore: Sendable {
    /// The directory that holds one directory per measurement.
    public let directory: String
    /// Where sealed shared segments are kept, if anywhere.
    private let blobs: (any BlobStore)?
    private let index: TelemetryChunkIndex
    private let writers: TelemetryMeasurementWriters

    /// The default size at which a new segment file starts: 64 MiB.
    public static let defaultSegmentSize = 64 << 20
    /// The default size at which a shared segment is sealed: 8 MiB, staged in the database until then.
    public static let defaultSharedSegmentSize = 8 << 20

    /// Creates the store.
    ///
    /// - Parameters:
    ///   - database: The database with the ``TelemetryDataMigrations`` applied.
    ///   - directory: Where the measurement directories go, usually `<data directory>/telemetry`.
    ///   - blobs: The blob store that holds sealed shared segments; without it, only segment
    ///     files and staged records can be read.
    ///   - sharedSegments: Appends go to shared segments, sealed by `sealer` (which needs
    ///     `blobs`), instead of to segment files.
    ///   - segmentSize: The size in bytes past which appends start a new segment; by default
    ///     ``defaultSegmentSize``, or ``defaultSharedSegmentSize`` for shared segments.
    public init(
        database: Database, directory: String, blobs: (any BlobStore)? = nil, sharedSegments sealer: TelemetrySegmentSealer? = nil,
        segmentSize: Int? = nil
    ) {
        let index = TelemetryChunkIndex(database: database)
        let segmentSize = segmentSize ?? (sealer == nil ? Self.defaultSegmentSize : Self.defaultSharedSegmentSize)
        self.directory = directory
        self.blobs = blobs
        self.index = index
        self.writers = TelemetryMeasurementWriters { measurement in
            TelemetryMeasurementWriter(
                measurement: measurement, directory: Self.directory(of: measurement, in: directory),
                index: index, segmentSize: segmentSize, sealer: sealer
            )
        }
    }

    /// Stores `chunk` in `measurement` and returns once it is durable and indexed. A chunk whose
    /// stream and sequence number are stored already, or that has no points, is not stored
    /// (again).
    ///
    /// - Throws: ``TelemetryDataStoreError`` when the chunk cannot be laid out or written, or a
    ///   database error; nothing is acknowledged then.
    public func append(_ chunk: TelemetryChunk, measurement: UUID) async throws {
        try await writers.writer(of: measurement).append(chunk)
    }

    /// The points of `measurement` whose elapsed time lies in `elapsedRange` and whose data id
    /// matches one of `dataIDs` (any data id when `nil`), in `order` of time, at most `limit`.
    ///
    /// The sequence reads chunk by chunk as it is iterated: a slow consumer holds the reading
    /// back, and memory stays proportional to the chunks that overlap in time. It throws
    /// ``TelemetryDataStoreError/corruptRecord(_:)`` when a stored record fails its checks.
    public func points(
        measurement: UUID,
        elapsedRange: Range<Int64> = Int64.min..<Int64.max,
        dataIDs: [TelemetryDataFilter]? = nil,
        order: TelemetryQueryOrder = .ascending,
        limit: Int? = nil
    ) -> TelemetryPoints {
        TelemetryPoints(
            cursor: TelemetryPointCursor(
                measurement: measurement, directory: Self.directory(of: measurement, in: directory), blobs: blobs, index: index,
                range: elapsedRange, filters: dataIDs, order: order, limit: limit
            ))
    }

    /// The data ids stored for `measurement`, with their point counts and spans of time, sorted
    /// by name and type.
    public func dataIDs(of measurement: UUID) async throws -> [TelemetryDataIDSummary] {
        try await index.dataIDs(of: measurement)
    }

    /// The sequences of `measurement` (its streams: what each stored, and what its client
    /// declared), oldest first.
    public func sequences(of measurement: UUID) async throws -> [TelemetrySequence] {
        try await index.sequences(of: measurement)
    }

    /// Sequence `streamID` of `measurement`, or `nil` when it stored nothing and declared nothing.
    public func sequence(_ streamID: UUID, of measurement: UUID) async throws -> TelemetrySequence? {
        try await index.sequences(of: measurement, streamID: streamID).first
    }

    /// What of stream `streamID` of `measurement` is stored.
    public func progress(of streamID: UUID, in measurement: UUID) async throws -> TelemetryStreamProgress {
        try await index.progress(of: streamID, in: measurement)
    }

    /// Records what a client declares of stream `streamID` of `measurement`: how many points it
    /// holds and the sequence number of its last chunk; `nil` keeps the earlier declaration.
    public func declare(measurement: UUID, streamID: UUID, expectedDataPoints: Int?, finalSequenceNumber: Int?) async throws {
        try await index.declare(
            measurement: measurement, streamID: streamID, expectedDataPoints: expectedDataPoints, finalSequenceNumber: finalSequenceNumber)
    }

    /// Removes every stored point of `measurement`: waits for its appends under way and closes
    /// its open file, then removes its index rows, its directory of segment files and the blobs
    /// of its sealed segments. A later
    /// append starts the measurement afresh, so whoever deletes a measurement's catalog row
    /// must make the recorder refuse further chunks for it (``TelemetryRecording``).
    public func delete(measurement: UUID) async throws {
        await writers.remove(measurement)
        let sealed = try await index.delete(measurement)
        if let blobs {
            for digest in sealed { try await blobs.delete(digest) }
        }
        let path = Self.directory(of: measurement, in: directory)
        try await NIOThreadPool.singleton.runIfActive {
            guard FileManager.default.fileExists(atPath: path) else { return }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    /// Closes every open segment file. Appends after this reopen them.
    public func close() async {
        await writers.closeAll()
    }

    /// Where an instance whose data directory is `dataDirectory` keeps its measurements:
    /// `<data directory>/telemetry`.
    public static func directory(in dataDirectory: String) -> String {
        dataDirectory + "/telemetry"
    }

    /// The directory of `measurement`'s segment files under `root`.
    static func directory(of measurement: UUID, in root: String) -> String {
        root + "/" + TelemetryChunkIndex.key(measurement)
    }

    /// The path of segment file `number` in a measurement's `directory`.
    static func segmentPath(_ number: Int, in directory: String) -> String {
        let digits = String(number)
        return directory + "/" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits + segmentSuffix
    }

    /// The number of the segment file called `name`, or `nil` for another file.
    static func segmentNumber(ofFileNamed name: String) -> Int? {
        guard name.hasSuffix(segmentSuffix) else { return nil }
        return Int(name.dropLast(segmentSuffix.count))
    }

    private static let segmentSuffix = ".chunks"
}
