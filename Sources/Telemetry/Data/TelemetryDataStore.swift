import Foundation
import NIOPosix
import Storage

/// The stored data points of every measurement: append-only segment files on disk, indexed in
/// the database.
///
/// Each measurement has a directory `<root>/<measurement uuid>/` of segment files
/// `00000000.chunks`, `00000001.chunks`, …; a new one starts when the current one reaches the
/// segment size. A chunk is one ``TelemetryChunkRecord`` in a segment; the index
/// (``TelemetryDataMigrations``) says where each chunk lies, which span of time it covers, and
/// which data ids each measurement has.
///
/// ```swift
/// let store = TelemetryDataStore(database: database, directory: dataDirectory + "/telemetry")
/// try await store.append(chunk, measurement: measurement)          // durable when it returns
/// for try await stored in store.points(measurement: measurement, elapsedRange: 0..<5_000_000_000) {
///     print(stored.dataID, stored.dataPoint.elapsedTime)
/// }
/// ```
///
/// Nothing acknowledged is lost: ``append(_:measurement:)`` returns once the record is
/// synchronized to disk and its index row committed. A crash between the two leaves bytes that
/// no index row names; the next append to the measurement cuts them off. Appends to one
/// measurement are serialized and batched (see ``TelemetryMeasurementWriter``); appends to
/// different measurements run in parallel. A chunk whose stream and sequence number are
/// already stored is acknowledged without being stored again.
///
/// The files are local to this server: with several instances on one PostgreSQL database, each
/// measurement must be written and read through the instance whose disk holds it.
public final class TelemetryDataStore: Sendable {
    /// The directory that holds one directory per measurement.
    public let directory: String
    private let index: TelemetryChunkIndex
    private let writers: TelemetryMeasurementWriters

    /// The default size at which a new segment file starts: 64 MiB.
    public static let defaultSegmentSize = 64 << 20

    /// Creates the store.
    ///
    /// - Parameters:
    ///   - database: The database with the ``TelemetryDataMigrations`` applied.
    ///   - directory: Where the measurement directories go, usually `<data directory>/telemetry`.
    ///   - segmentSize: The size in bytes past which appends start a new segment file.
    public init(database: Database, directory: String, segmentSize: Int = defaultSegmentSize) {
        let index = TelemetryChunkIndex(database: database)
        self.directory = directory
        self.index = index
        self.writers = TelemetryMeasurementWriters { measurement in
            TelemetryMeasurementWriter(
                measurement: measurement, directory: Self.directory(of: measurement, in: directory),
                index: index, segmentSize: segmentSize
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
        TelemetryPoints(cursor: TelemetryPointCursor(
            measurement: measurement, directory: Self.directory(of: measurement, in: directory), index: index,
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

    /// Records what a client declares of stream `streamID` of `measurement`: how many points it
    /// holds and the sequence number of its last chunk; `nil` keeps the earlier declaration.
    public func declare(measurement: UUID, streamID: UUID, expectedDataPoints: Int?, finalSequenceNumber: Int?) async throws {
        try await index.declare(measurement: measurement, streamID: streamID, expectedDataPoints: expectedDataPoints, finalSequenceNumber: finalSequenceNumber)
    }

    /// Removes every stored point of `measurement`: waits for its appends under way and closes
    /// its open file, then removes its index rows and its directory of segment files. A later
    /// append starts the measurement afresh, so whoever deletes a measurement's catalog row
    /// must make the recorder refuse further chunks for it (``TelemetryRecording``).
    public func delete(measurement: UUID) async throws {
        await writers.remove(measurement)
        try await index.delete(measurement)
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
