import Foundation
import Logging
import ServiceLifecycle
import TransparencyLog

/// The log's writer in this process: it batches appended entries and has the store
/// integrate each batch (``LogStore/integrate(_:origin:cached:signer:records:)``: into the
/// tree, under one signed checkpoint, durable in one transaction), and only then answers the
/// callers. Instances that share a PostgreSQL log each run one; the store lets one batch at a
/// time in, from the newest checkpoint whichever instance signed it.
///
/// Batching is group commit: when the sequencer is idle an entry is integrated at once, and
/// entries that arrive while a batch is being committed form the next batch (up to
/// ``maxBatchSize``). Batches grow with the load by themselves, and a lone entry waits for one
/// commit, not for a timer. ``maxBatchDelay`` adds a fixed wait before each batch for
/// deployments that prefer fewer, larger checkpoints. Run it as a service: on graceful
/// shutdown it integrates what is pending and refuses new entries.
///
/// ```swift
/// let sequencer = try await Sequencer(store: store, signer: signer, logger: logger)
/// // in a ServiceGroup: sequencer.run()
/// let sequenced = try await sequencer.append(entry.bytes)   // durable and signed
/// ```
public actor Sequencer: Service {
    /// An entry that is in the log, with the signed checkpoint that first includes it.
    public struct Sequenced: Sendable {
        /// The entry's index in the log.
        public let index: Int
        /// The checkpoint of the batch that integrated the entry.
        public let checkpoint: Checkpoint
        /// The checkpoint's signed note.
        public let note: SignedNote
        /// When the batch was made durable: the time stored with its checkpoint.
        public let time: Date
    }

    /// Makes the changes that belong to an entry (such as the row of the report it notarizes),
    /// given where the entry landed; they are made in the transaction that makes the entry
    /// durable.
    public typealias RecordWriter = @Sendable (Sequenced) throws -> [LogStore.Change]

    /// Why an entry was not logged.
    public enum Error: Swift.Error, Equatable {
        /// The sequencer is shutting down.
        case stopped
    }

    /// The most entries in one batch.
    public let maxBatchSize: Int
    /// How long the first entry of a batch waits for others before the batch is integrated;
    /// zero (the default) integrates at once.
    public let maxBatchDelay: Duration

    private let store: LogStore
    private let signer: Ed25519NoteSigner
    private let logger: Logger
    private var tree: TiledLog
    private var pending: [Submission] = []
    private var isStopped = false
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    /// Opens the sequencer at the log's last durable checkpoint, signing the checkpoint of
    /// the empty log first when the log has none.
    public init(store: LogStore, signer: Ed25519NoteSigner, maxBatchSize: Int = 512, maxBatchDelay: Duration = .zero, logger: Logger) async throws {
        self.store = store
        self.signer = signer
        self.maxBatchSize = maxBatchSize
        self.maxBatchDelay = maxBatchDelay
        self.logger = logger
        self.tree = try await store.integrate([], origin: signer.keyName, cached: nil, signer: signer).tree
        (self.wakeups, self.wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The origin of the log this sequencer writes.
    public nonisolated var origin: String { signer.keyName }

    /// An entry waiting for its batch.
    private struct Submission {
        let entry: [UInt8]
        let record: RecordWriter?
        let continuation: CheckedContinuation<Sequenced, any Swift.Error>
    }

    /// Appends an entry and returns once it is durable and covered by a signed checkpoint.
    ///
    /// - Parameter record: Written in the same transaction as the entry, so that both are
    ///   durable or neither is. If it throws, the whole batch fails.
    public func append(_ entry: [UInt8], record: RecordWriter? = nil) async throws -> Sequenced {
        guard !isStopped else { throw Error.stopped }
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(Submission(entry: entry, record: record, continuation: continuation))
            if pending.count == 1 || pending.count >= maxBatchSize { wake.yield() }
        }
    }

    /// Integrates batches until graceful shutdown, then integrates what is left.
    public func run() async throws {
        await withGracefulShutdownHandler {
            for await _ in wakeups {
                if maxBatchDelay > .zero, pending.count < maxBatchSize { try? await Task.sleep(for: maxBatchDelay) }
                await integratePending()
            }
        } onGracefulShutdown: {
            self.wake.finish()
        }
        isStopped = true
        await integratePending()
    }

    /// Integrates up to ``maxBatchSize`` pending entries (the rest wait for the next wakeup).
    private func integratePending() async {
        while !pending.isEmpty {
            let batch = Array(pending.prefix(maxBatchSize))
            pending.removeFirst(batch.count)
            await integrate(batch)
        }
    }

    private func integrate(_ batch: [Submission]) async {
        let writers = batch.map(\.record)
        do {
            let integration = try await store.integrate(batch.map(\.entry), origin: signer.keyName, cached: tree, signer: signer) {
                firstIndex, checkpoint, note, time in
                try writers.enumerated().flatMap { offset, writer in
                    try writer?(Sequenced(index: firstIndex + offset, checkpoint: checkpoint, note: note, time: time)) ?? []
                }
            }
            tree = integration.tree
            for (offset, item) in batch.enumerated() {
                item.continuation.resume(
                    returning: Sequenced(
                        index: integration.firstIndex + offset, checkpoint: integration.checkpoint, note: integration.note, time: integration.time
                    ))
            }
        } catch {
            logger.error("log batch failed; its entries were not logged", metadata: ["entries": "\(batch.count)", "error": "\(error)"])
            for item in batch { item.continuation.resume(throwing: error) }
        }
    }
}
