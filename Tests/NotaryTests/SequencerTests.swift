import ChanceryTestSupport
import Crypto
import Logging
import Notary
import ServiceLifecycle
import Storage
import Testing
import TransparencyLog

@Suite struct SequencerTests {
    static let origin = "log.example/test"

    /// Runs `body` with a migrated log store and a running sequencer, then shuts it down.
    static func withSequencer(
        maxBatchDelay: Duration = .milliseconds(20),
        _ body: (Sequencer, LogStore, Ed25519NoteSigner) async throws -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([NotaryMigrations.all], logger: TestDatabase.logger)
            let store = LogStore(database: database)
            let signer = try Ed25519NoteSigner(name: origin, privateKey: .init())
            try await run(store: store, signer: signer, maxBatchDelay: maxBatchDelay) { sequencer in try await body(sequencer, store, signer) }
        }
    }

    /// Runs a sequencer over `store` in a service group for the duration of `body`. The
    /// default delay makes batching certain in tests; the server's default is group commit.
    static func run(
        store: LogStore, signer: Ed25519NoteSigner, maxBatchDelay: Duration = .milliseconds(20),
        _ body: (Sequencer) async throws -> Void
    ) async throws {
        let sequencer = try await Sequencer(store: store, signer: signer, maxBatchDelay: maxBatchDelay, logger: TestDatabase.logger)
        let group = ServiceGroup(services: [sequencer], logger: TestDatabase.logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body(sequencer)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    static func entry(_ number: Int) -> [UInt8] { Array("entry \(number)\n".utf8) }

    @Test func concurrentAppendsAreBatchedSignedAndProvable() async throws {
        try await Self.withSequencer { sequencer, store, signer in
            let results = try await withThrowingTaskGroup(of: (Int, Sequencer.Sequenced).self) { group in
                for number in 0..<300 {
                    group.addTask { (number, try await sequencer.append(Self.entry(number))) }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(Set(results.values.map(\.index)) == Set(0..<300))
            let checkpointSizes = Set(results.values.map(\.checkpoint.size))
            #expect(checkpointSizes.count < 300, "entries were batched")

            let tree = LeafHashes(try await store.entries(in: 0..<1000).map { TreeHash.leaf($0) })
            #expect(tree.leaves.count == 300)
            for (number, sequenced) in results where number % 37 == 0 {
                try sequenced.note.verified(by: [signer.verifier])
                #expect(sequenced.index < sequenced.checkpoint.size)
                let proof = try await store.inclusionProof(forLeafAt: sequenced.index, treeSize: sequenced.checkpoint.size)
                let stored = try await store.entries(in: sequenced.index..<sequenced.index + 1)
                #expect(stored == [Self.entry(number)])
                try InclusionProof.verify(
                    leaf: .leaf(Self.entry(number)), index: sequenced.index, treeSize: sequenced.checkpoint.size,
                    proof: proof, root: sequenced.checkpoint.root
                )
            }
            // Every pair of checkpoints is consistent: the log only grew.
            let sorted = results.values.map(\.checkpoint).sorted { $0.size < $1.size }
            let first = try #require(sorted.first)
            let last = try #require(sorted.last)
            try ConsistencyProof.verify(
                oldSize: first.size, newSize: last.size,
                proof: MerkleTree.consistencyProof(from: first.size, to: last.size, from: tree),
                oldRoot: first.root, newRoot: last.root
            )
            let latest = try #require(try await store.latestCheckpoint())
            #expect(try Checkpoint(parsing: latest.text) == last)
        }
    }

    @Test func groupCommitLogsEveryEntryOnceInOrder() async throws {
        try await Self.withSequencer(maxBatchDelay: .zero) { sequencer, store, signer in
            let results = try await withThrowingTaskGroup(of: (Int, Sequencer.Sequenced).self) { group in
                for number in 0..<200 {
                    group.addTask { (number, try await sequencer.append(Self.entry(number))) }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(Set(results.values.map(\.index)) == Set(0..<200))
            let stored = try await store.entries(in: 0..<200)
            #expect(stored.count == 200)
            for (number, sequenced) in results {
                #expect(stored[sequenced.index] == Self.entry(number))
                #expect(sequenced.index < sequenced.checkpoint.size)
            }
            let latest = try #require(try await store.latestCheckpoint())
            try latest.verified(by: [signer.verifier])
            #expect(try Checkpoint(parsing: latest.text).root == MerkleTree.root(of: stored.map { TreeHash.leaf($0) }))
        }
    }

    @Test func aRestartedSequencerContinuesTheSameLog() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([NotaryMigrations.all], logger: TestDatabase.logger)
            let store = LogStore(database: database)
            let signer = try Ed25519NoteSigner(name: Self.origin, privateKey: .init())
            var firstCheckpoint: Checkpoint?
            try await Self.run(store: store, signer: signer) { sequencer in
                for number in 0..<10 { firstCheckpoint = try await sequencer.append(Self.entry(number)).checkpoint }
            }
            try await Self.run(store: store, signer: signer) { sequencer in
                let next = try await sequencer.append(Self.entry(10))
                #expect(next.index == 10)
                #expect(next.checkpoint.root == MerkleTree.root(of: (0...10).map { TreeHash.leaf(Self.entry($0)) }))
                let tree = LeafHashes(try await store.entries(in: 0..<11).map { TreeHash.leaf($0) })
                let old = try #require(firstCheckpoint)
                try ConsistencyProof.verify(
                    oldSize: old.size, newSize: 11, proof: MerkleTree.consistencyProof(from: old.size, to: 11, from: tree),
                    oldRoot: old.root, newRoot: next.checkpoint.root
                )
            }
        }
    }

    @Test func refusesEntriesAfterShutdownButIntegratesPendingOnes() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([NotaryMigrations.all], logger: TestDatabase.logger)
            let store = LogStore(database: database)
            let signer = try Ed25519NoteSigner(name: Self.origin, privateKey: .init())
            var stopped: Sequencer?
            try await Self.run(store: store, signer: signer) { sequencer in
                _ = try await sequencer.append(Self.entry(0))
                stopped = sequencer
            }
            let sequencer = try #require(stopped)
            await #expect(throws: Sequencer.Error.stopped) { try await sequencer.append(Self.entry(1)) }
            #expect(try await store.entries(in: 0..<10).count == 1)
        }
    }

    /// Two sequencers on one log, as two instances of a deployment run them: every entry is
    /// logged once, each batch starts from the other's newest checkpoint, and every checkpoint
    /// either signed is consistent with the last.
    @Test func twoSequencersOnOneLogTakeTurns() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([NotaryMigrations.all], logger: TestDatabase.logger)
            let store = LogStore(database: database)
            let signer = try Ed25519NoteSigner(name: Self.origin, privateKey: .init())
            try await Self.run(store: store, signer: signer, maxBatchDelay: .zero) { first in
                try await Self.run(store: store, signer: signer, maxBatchDelay: .zero) { second in
                    let results = try await withThrowingTaskGroup(of: (Int, Sequencer.Sequenced).self) { group in
                        for number in 0..<300 {
                            let sequencer = number.isMultiple(of: 2) ? first : second
                            group.addTask { (number, try await sequencer.append(Self.entry(number))) }
                        }
                        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                    }
                    #expect(Set(results.values.map(\.index)) == Set(0..<300))
                    let leaves = try await store.entries(in: 0..<1000).map { TreeHash.leaf($0) }
                    #expect(leaves.count == 300)
                    for (number, sequenced) in results {
                        #expect(leaves[sequenced.index] == .leaf(Self.entry(number)))
                    }
                    let latest = try Checkpoint(parsing: try #require(try await store.latestCheckpoint()).text)
                    #expect(latest.size == 300 && latest.root == MerkleTree.root(of: leaves))
                    for sequenced in results.values {
                        let checkpoint = sequenced.checkpoint
                        try ConsistencyProof.verify(
                            oldSize: checkpoint.size, newSize: 300, proof: MerkleTree.consistencyProof(from: checkpoint.size, in: leaves),
                            oldRoot: checkpoint.root, newRoot: latest.root
                        )
                    }
                }
            }
        }
    }
}
