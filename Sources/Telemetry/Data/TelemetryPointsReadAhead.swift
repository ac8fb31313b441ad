/// The batches of one query, read ahead of their reader: while the reader goes through the
/// batches read last, a task reads the next ones, at least ``points`` points' worth (or
/// ``batches`` batches), so that the reader seldom waits for the store.
///
/// The store's cursor reads a whole chunk when it needs one, which can be tens of thousands of
/// points' work at once; a reader one batch ahead waits for most of it at every chunk. Reading
/// ahead in larger steps lets the chunk be read on one core while the reader writes on the
/// other.
///
/// The batches come in the order of the query, and a failure only after the batches read
/// before it: a record that fails its checks ends the reading at the same point as when the
/// batches were read one at a time.
struct TelemetryPointsReadAhead {
    /// What one step of reading ahead gave.
    private struct Step: Sendable {
        /// The batches read, in order; the last is empty when the query has no more.
        var batches: [TelemetryPointBatch] = []
        /// The error that stopped the reading, if one did.
        var failure: (any Error)?
    }

    /// How many points one step reads at least, unless the query ends first: a few
    /// milliseconds of an answer's writing.
    static let points = 16_384
    /// How many batches one step reads at most, for queries whose batches are small.
    static let batches = 32

    private let query: TelemetryPoints
    /// The batches read and not yet handed out, the next one last.
    private var ready: [TelemetryPointBatch] = []
    /// The step being read, begun as soon as the one before it came; `nil` before the first
    /// batch is asked for and once the query ended or failed.
    private var reading: Task<Step, Never>?
    /// The failure that stopped the reading, thrown once the batches before it are handed out.
    private var failure: (any Error)?
    /// Whether the query's last (empty) batch was read.
    private var ended = false

    /// Reads `query` ahead, from the first time a batch is asked for.
    init(_ query: TelemetryPoints) {
        self.query = query
    }

    /// The next batch of the query; empty after the last.
    ///
    /// - Throws: what the query threw, once the batches read before it are handed out, and on
    ///   every call after.
    mutating func next() async throws -> TelemetryPointBatch {
        if ready.isEmpty, failure == nil, !ended {
            let step = await (reading ?? Self.read(query)).value
            ready = step.batches.reversed()
            failure = step.failure
            ended = step.batches.last?.isEmpty ?? false
            reading = failure == nil && !ended ? Self.read(query) : nil
        }
        if let batch = ready.popLast() { return batch }
        if let failure { throw failure }
        return .empty
    }

    /// Begins reading one step of `query`.
    private static func read(_ query: TelemetryPoints) -> Task<Step, Never> {
        Task {
            var step = Step()
            var count = 0
            do {
                while count < points, step.batches.count < batches {
                    let batch = try await query.nextBatch()
                    step.batches.append(batch)
                    if batch.isEmpty { break }
                    count += batch.points.count
                }
            } catch {
                step.failure = error
            }
            return step
        }
    }
}
